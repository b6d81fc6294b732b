import { createContext, useContext } from 'react';
import type { ConsoleSession } from './console-session';

/** The signed-in user's console session, provided by the signed-in layout. */
export const ConsoleSessionContext = createContext<ConsoleSession | undefined>(undefined);

export function useConsoleSession(): ConsoleSession {
  const session = useContext(ConsoleSessionContext);
  if (!session) throw new Error('useConsoleSession is used outside a signed-in page (no ConsoleSessionContext).');
  return session;
}
