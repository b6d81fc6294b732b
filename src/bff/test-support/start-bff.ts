import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBff, type Bff, type BffOptions } from '../app.js';
import { testDatabaseUrl } from '../../server-kit/database/test-databases.js';
import { parseBffConfig } from '../config.js';

export interface RunningBff extends Bff {
  url: string;
  dataDir: string;
  /** The PostgreSQL database it runs on (TEST_ENGINE=postgres); undefined on SQLite under dataDir. */
  databaseUrl: string | undefined;
  /** Every log line the BFF wrote. */
  logs: string[];
  close(): Promise<void>;
}

export interface StartBffOptions extends BffOptions {
  /** Reuse a data dir (a restart); it is then kept on close. Default: a fresh one, removed on close. */
  dataDir?: string;
  /** Default 0 (a free port). A restart on the same port keeps PUBLIC_URL, hence the webhook destination. */
  port?: number;
  /**
   * The database to run on. Default: a new one on the integration engine (TEST_ENGINE), so the
   * BFF tests run on SQLite and on PostgreSQL. Pass a RunningBff's to restart on its data or to
   * start a second replica beside it.
   */
  databaseUrl?: string | undefined;
}

/**
 * Starts a real BFF with a fresh data dir and database; env uses the BFF's variable names. LIVE_EVENTS is off
 * unless the test asks for it: the subscription bootstrap calls the upstream on its own, which
 * would upset tests that count upstream calls.
 */
export async function startBff(env: Record<string, string | undefined>, options: StartBffOptions = {}): Promise<RunningBff> {
  const { dataDir: keptDir, port = 0, databaseUrl: reusedUrl, ...bffOptions } = options;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'bff-'));
  const databaseUrl = 'databaseUrl' in options ? reusedUrl : await testDatabaseUrl();
  const logs: string[] = [];
  const config = parseBffConfig({
    STATIC_DIR: join(dataDir, 'no-console-build'),
    LOG_LEVEL: 'debug',
    LIVE_EVENTS: 'off',
    // Off unless the test asks for it: many tests send bursts as one user on purpose.
    BFF_RATE_LIMIT: 'off',
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
  });
  const bff = await buildBff(config, { logStream: { write: (line) => void logs.push(line) }, ...bffOptions });
  // A deep accept queue: tests open up to a thousand connections at once (Node's default backlog is 511).
  await bff.app.listen({ port, host: '127.0.0.1', backlog: 4096 });
  const address = bff.app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : 0;
  return {
    ...bff,
    url: `http://127.0.0.1:${boundPort}`,
    dataDir,
    databaseUrl,
    logs,
    async close() {
      await bff.app.close();
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
