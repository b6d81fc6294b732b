/** ftp-srv 4.6.3's passive connector (not in its typings): what the sandbox's TLS variant builds on. */
declare module 'ftp-srv/src/connector/passive.js' {
  import type { Server, Socket } from 'node:net';
  import type { FtpConnection } from 'ftp-srv';

  /** `connected` is ftp-srv's own mark: the data socket may be written to and read from. */
  export type DataSocket = Socket & { connected?: boolean };

  export default class PassiveConnector {
    constructor(connection: FtpConnection);
    connection: FtpConnection;
    dataSocket: DataSocket | null;
    dataServer: Server | null;
    readonly server: { getNextPasvPort(): PromiseLike<number>; url: { hostname: string | null } };
    setupServer(): PromiseLike<Server>;
    closeServer(): void;
  }
}
