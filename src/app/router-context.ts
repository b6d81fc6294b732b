import type { QueryClient } from '@tanstack/react-query';
import type { ConsoleConfig } from '../contract/console-config';
import type { AuthSession } from '../lib/auth/auth-session';
import type { ConsoleSessions } from '../lib/session/console-sessions';

/** What every route's beforeLoad and loader receives. */
export interface RouterContext {
  auth: AuthSession;
  config: ConsoleConfig;
  queryClient: QueryClient;
  /** The signed-in user's console session (opened by the signed-in layout, ended at sign-out). */
  sessions: ConsoleSessions;
}
