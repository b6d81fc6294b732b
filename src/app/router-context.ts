import type { QueryClient } from '@tanstack/react-query';
import type { ConsoleConfig } from '../contract/console-config';
import type { AuthSession } from '../lib/auth/auth-session';

/** What every route's beforeLoad and loader receives. */
export interface RouterContext {
  auth: AuthSession;
  config: ConsoleConfig;
  queryClient: QueryClient;
}
