import { createSecureContext } from 'node:tls';
import { FtpSrv } from 'ftp-srv';
import type { SandboxContext, SandboxFeature } from '../context.js';
import { upgradeOnAuth } from './ftps-auth-tls.js';
import { loadOrCreateFtpsCertificate, type TlsPair } from './ftps-certificate.js';
import { useReplyFirstPassive } from './ftps-passive-tls.js';
import { ftpsLogin, ftpsPasswords, hasScope } from './ftps-credentials.js';
import { scopeOfType } from './ftps-folders.js';
import { ftpsPickupJob, pickUpFtpsFile } from './ftps-pickup.js';
import { VirtualFileSystem } from './virtual-file-system.js';

export interface FtpsListener {
  mode: 'explicit' | 'implicit';
  port: number;
}

/** What `npm start` prints: the FTPS servers listening (none when off or their port was taken). */
const listening = new WeakMap<object, FtpsListener[]>();
export const ftpsListeners = (ctx: object): FtpsListener[] => listening.get(ctx) ?? [];

/** ftp-srv's typings give `any` for its bluebird promises. */
const listenOn = (s: FtpSrv): Promise<unknown> => s.listen() as Promise<unknown>;
const closeOf = (s: FtpSrv): Promise<unknown> => s.close() as Promise<unknown>;

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;

/** ftp-srv exits the process on SIGTERM/SIGINT by itself; the sandbox's own shutdown closes it instead. */
function withoutSignalHandlers<T>(create: () => T): T {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const created = create();
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
  return created;
}

/** What an FTPS server uses of the sandbox's context: its settings, log, logins and the file system's needs. */
type FtpsServerDeps = Pick<SandboxContext, 'config' | 'ingesters' | 'jobs' | 'log' | 'now' | 'store'>;

function createServer(ctx: FtpsServerDeps, mode: FtpsListener['mode'], port: number, tls: TlsPair): FtpSrv {
  const { config } = ctx;
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const server = withoutSignalHandlers(
    () =>
      new FtpSrv({
        url: `${mode === 'implicit' ? 'ftps' : 'ftp'}://${config.host}:${port}`,
        tls,
        pasv_url: config.ftpsPassiveHost,
        pasv_min: config.ftpsPassivePorts.min,
        pasv_max: config.ftpsPassivePorts.max,
        greeting: 'Customs sandbox FTPS (upload only)',
        // ftp-srv logs every refused command as an error: quiet unless the sandbox logs at debug.
        log: ctx.log.child({ part: 'ftps' }, { level: verbose ? config.logLevel : 'fatal' }),
      }),
  );
  const secureContext = createSecureContext(tls);
  server.on('connect', ({ connection }) => {
    upgradeOnAuth(connection, secureContext);
    useReplyFirstPassive(connection, secureContext);
  });
  server.on('login', ({ connection, username, password }, resolve, reject) => {
    if (!connection.secure) return reject(new Error('FTPS only: send AUTH TLS before logging in'));
    ftpsLogin(ctx.store.repos.secrets, username, password).then(
      (client) => {
        if (!client) return reject(new Error('Login incorrect'));
        const types = ctx.ingesters.types().filter((t) => hasScope(client, scopeOfType(t)));
        resolve({ fs: new VirtualFileSystem(connection, ctx, client, types) });
      },
      (err: unknown) => reject(err instanceof Error ? err : new Error('Login failed')),
    );
  });
  return server;
}

/**
 * FTPS ingestion (specification, FTPS ingestion; legacy, upload only): explicit FTPS (AUTH TLS)
 * on SANDBOX_FTPS_PORT and implicit FTPS on SANDBOX_FTPS_IMPLICIT_PORT, files kept in the
 * database until a pickup job ingests them. Register after every part that ingests messages.
 */
export const ftpsFeature: SandboxFeature = {
  name: 'ftps',
  // Its folders and pickup serve the message types these parts register ingesters for.
  after: ['formulas', 'master-data-messages', 'movement-orders', 'ingestion'],
  register(app, ctx) {
    ctx.jobs.register(ftpsPickupJob, (payload) => pickUpFtpsFile(ctx, payload), 2);
    const modes: FtpsListener[] = [
      { mode: 'explicit' as const, port: ctx.config.ftpsPort },
      { mode: 'implicit' as const, port: ctx.config.ftpsImplicitPort },
    ].filter((l) => l.port > 0);
    if (modes.length === 0) return;
    const servers: FtpSrv[] = [];
    app.addHook('onReady', async () => {
      const tls = await loadOrCreateFtpsCertificate(ctx.config);
      const up: FtpsListener[] = [];
      for (const l of modes) {
        const server = createServer(ctx, l.mode, l.port, tls);
        try {
          await listenOn(server);
          servers.push(server);
          up.push(l);
        } catch (err) {
          // A taken port leaves the rest of the sandbox running; the start-up banner shows FTPS as off.
          ctx.log.warn({ err }, `FTPS (${l.mode}) not started on port ${l.port}`);
          await closeOf(server).catch(() => undefined);
        }
      }
      listening.set(ctx, up);
    });
    app.addHook('onClose', async () => {
      await Promise.all(servers.map(closeOf));
    });
  },
};

/** The start-up banner's FTPS lines: where to connect and each demo client's password. */
export async function ftpsBanner(ctx: Pick<SandboxContext, 'config' | 'store'>): Promise<string[]> {
  const up = ftpsListeners(ctx);
  if (up.length === 0) return ['  FTPS      off (SANDBOX_FTPS_PORT, SANDBOX_FTPS_IMPLICIT_PORT)'];
  const where = up.map((l) => `${l.mode} ${ctx.config.host}:${l.port}`).join(', ');
  const users = await ftpsPasswords(ctx.store.repos.secrets);
  return [
    `  FTPS      ${where}   (upload only, self-signed unless SANDBOX_FTPS_CERT; pickup after ${Math.round(ctx.config.ftpsPickupMs / 1000)} s)`,
    '    user          password            tenant',
    ...users.map((u) => `    ${u.clientId.padEnd(13)} ${u.password.padEnd(19)} ${u.tenantId}`),
  ];
}
