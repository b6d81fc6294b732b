/**
 * Failures of the connection to PostgreSQL rather than of a statement: the server restarting or
 * failing over, a terminated session, a network that dropped the socket. A request that meets one
 * is answered 503 with Retry-After (its transaction did not commit), and it passes once the
 * database is back.
 */

/** How long a client is told to wait before trying again (Retry-After, seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATE class 08 (connection exception), 57P01-57P03 and 57P05 (shutdown, crash, cannot connect now, idle session timeout), 53300 (too many connections). */
const CONNECTION_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1235]|53300)$/;

/** Socket errors of a connection that went away or could not be made. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What pg says when the socket ended or a client is no longer usable (pg gives these no code). */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout)/;

/** True when `error` means the database connection failed (not the statement), so the same request may succeed later. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined && (CONNECTION_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  if (PG_CONNECTION_MESSAGE.test(error.message)) return true;
  // Node reports a refused connection to a host with several addresses as an AggregateError of the attempts.
  return error instanceof AggregateError && error.errors.length > 0 && error.errors.every(isConnectionError);
}
