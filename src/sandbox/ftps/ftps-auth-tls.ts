import type { Socket } from 'node:net';
import { TLSSocket, type SecureContext } from 'node:tls';
import type { FtpConnection } from 'ftp-srv';

/** What ftp-srv 4.6.3 has on every connection and server but does not declare in its typings. */
declare module 'ftp-srv' {
  interface FtpConnection {
    commandSocket: Socket;
    commands: { handle(message: string): unknown };
  }
  interface FtpServer {
    on(event: 'connect', listener: (data: { connection: FtpConnection; id: string }) => void): this;
  }
}

const AUTH = /^\s*AUTH(?:\s+(\S*))?\s*$/i;

/**
 * RFC 4217 mechanisms that secure the control connection with TLS: `TLS` (and `TLS-C`), and `SSL`,
 * which RFC 4217 keeps as a synonym for older clients (curl sends it first).
 */
const TLS_MECHANISMS = new Set(['TLS', 'TLS-C', 'SSL']);

/** The events ftp-srv listens to on the command socket, passed on from the TLS socket that replaces it. */
const FORWARDED = ['data', 'timeout', 'end', 'close', 'drain', 'error'] as const;

/**
 * Explicit FTPS upgrade (AUTH TLS / AUTH SSL) without ftp-srv's race: ftp-srv wraps the socket only
 * once its 234 reply has been flushed, so a client quick to start its handshake has its ClientHello
 * read as a plain command and answered in clear text ("wrong version number"). Here the 234 is
 * written and the socket wrapped in the same tick, so every byte after the reply reaches TLS.
 */
export function upgradeOnAuth(connection: FtpConnection, secureContext: SecureContext): void {
  const commands = connection.commands;
  const handle = commands.handle.bind(commands);
  commands.handle = (message) => {
    const auth = typeof message === 'string' ? AUTH.exec(message) : null;
    return auth ? authenticate(connection, (auth[1] ?? '').toUpperCase(), secureContext) : handle(message);
  };
}

function authenticate(connection: FtpConnection, mechanism: string, secureContext: SecureContext): Promise<unknown> {
  if (!TLS_MECHANISMS.has(mechanism)) return connection.reply(504, `AUTH ${mechanism || '(none)'} not supported; use AUTH TLS`);
  if (connection.secure) return connection.reply(503, 'The connection is already secured');
  const plain = connection.commandSocket;
  if (!plain.writable) return Promise.resolve();
  plain.write(`234 AUTH ${mechanism} OK, start the TLS handshake\r\n`);
  const secure = new TLSSocket(plain, { isServer: true, secureContext });
  for (const event of FORWARDED) secure.on(event, (...args: unknown[]) => plain.emit(event, ...args));
  connection.commandSocket = secure;
  connection.secure = true;
  return Promise.resolve();
}
