import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBff, type Bff, type BffOptions } from '../app.js';
import { parseBffConfig } from '../config.js';

export interface RunningBff extends Bff {
  url: string;
  /** Every log line the BFF wrote. */
  logs: string[];
  close(): Promise<void>;
}

/** Starts a real BFF on a free port with a fresh data dir; env uses the BFF's variable names. */
export async function startBff(env: Record<string, string | undefined>, options: BffOptions = {}): Promise<RunningBff> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bff-'));
  const logs: string[] = [];
  const config = parseBffConfig({ STATIC_DIR: join(dataDir, 'no-console-build'), LOG_LEVEL: 'debug', ...env, DATA_DIR: dataDir, PORT: '0' });
  const bff = await buildBff(config, { logStream: { write: (line) => void logs.push(line) }, ...options });
  // A deep accept queue: tests open up to a thousand connections at once (Node's default backlog is 511).
  await bff.app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const address = bff.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...bff,
    url: `http://127.0.0.1:${port}`,
    logs,
    async close() {
      await bff.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
