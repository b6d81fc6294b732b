import { createServer, type Server } from 'node:net';
import { TLSSocket, type SecureContext } from 'node:tls';
import type { FtpConnection } from 'ftp-srv';
import PassiveConnector from 'ftp-srv/src/connector/passive.js';

/** ftp-srv's wait for a passive connection before it gives up with 425. */
const CONNECT_TIMEOUT_MS = 30_000;

const plainAddress = (address: string | undefined): string | undefined => address?.replace(/^::ffff:/, '');

/**
 * A passive data connection of a TLS session whose handshake may come after the 150 reply.
 * ftp-srv counts a protected data connection as open only once its handshake is done, and replies
 * 150 only then; lftp (like vsftpd's clients) starts the handshake after the 150, so both waited
 * and the transfer failed with 425. Here the connection counts as open when it is accepted, and
 * TLS takes it over at once, whenever the client begins.
 */
class ReplyFirstPassiveConnector extends PassiveConnector {
  constructor(
    connection: FtpConnection,
    private readonly secureContext: SecureContext,
  ) {
    super(connection);
  }

  override setupServer(): PromiseLike<Server> {
    if (!this.connection.secure) return super.setupServer();
    this.closeServer();
    return Promise.resolve(this.server.getNextPasvPort()).then((port) => {
      this.dataSocket = null;
      // An unused data port closes again.
      const idle = setTimeout(() => this.closeServer(), CONNECT_TIMEOUT_MS);
      const server = createServer({ pauseOnConnect: true }, (raw) => {
        // Only the client of the control connection may take the data connection.
        if (plainAddress(raw.remoteAddress) !== plainAddress(this.connection.commandSocket.remoteAddress)) return raw.destroy();
        clearTimeout(idle);
        const socket: TLSSocket & { connected?: boolean } = new TLSSocket(raw, { isServer: true, secureContext: this.secureContext });
        socket.connected = true;
        socket.on('error', (error: Error) =>
          this.connection.server.emit('client-error', { connection: this.connection, context: 'dataSocket', error }),
        );
        socket.once('close', () => this.closeServer());
        this.dataSocket = socket;
      });
      server.maxConnections = 1;
      this.dataServer = server;
      return new Promise<Server>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, this.server.url.hostname ?? undefined, () => resolve(server));
      });
    });
  }
}

/**
 * Makes every passive connection of `connection` a ReplyFirstPassiveConnector: ftp-srv's PASV and
 * EPSV create their connector by assignment, which this property turns into the sandbox's own.
 */
export function useReplyFirstPassive(connection: FtpConnection, secureContext: SecureContext): void {
  let current: unknown = Reflect.get(connection, 'connector');
  Object.defineProperty(connection, 'connector', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (next: unknown) => {
      current =
        next instanceof PassiveConnector && !(next instanceof ReplyFirstPassiveConnector)
          ? new ReplyFirstPassiveConnector(connection, secureContext)
          : next;
    },
  });
}
