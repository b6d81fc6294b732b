import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBff } from '../../src/bff/app';
import { bffConfigFromEnv } from '../../src/bff/config';
import { buildSandbox } from '../../src/sandbox/app';
import { sandboxConfigFromEnv } from '../../src/sandbox/config';
import { freePort } from '../../src/server-kit/test-support/free-port';

export interface ReadOnlyStack {
  consoleUrl: string;
  close(): Promise<void>;
}

/**
 * A second stack, as `npm start` wires it (src/start.ts), whose BFF signs in to the service as the
 * sandbox's read-only demo client `reader-acc` (read scopes only, no create:messages): what a
 * deployment with such credentials looks like. Serves the built console (dist/console).
 */
export async function startReadOnlyStack(): Promise<ReadOnlyStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-read-only-'));
  const [port, sandboxPort] = await Promise.all([freePort(), freePort()]);
  const consoleUrl = `http://localhost:${port}`;
  const sandbox = await buildSandbox(
    sandboxConfigFromEnv({ SANDBOX_PORT: String(sandboxPort), DATA_DIR: dataDir, CONSOLE_URLS: consoleUrl, LOG_LEVEL: 'warn' }),
  );
  await sandbox.app.listen({ port: sandboxPort, host: '127.0.0.1' });
  const bff = await buildBff(
    bffConfigFromEnv({
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      UPSTREAM_CLIENT_ID: 'reader-acc',
      UPSTREAM_CLIENT_SECRET: 'reader-acc-secret',
      LIVE_EVENTS: 'off',
      LOG_LEVEL: 'warn',
    }),
  );
  await bff.app.listen({ port, host: '127.0.0.1' });
  return {
    consoleUrl,
    async close() {
      await bff.app.close();
      await sandbox.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
