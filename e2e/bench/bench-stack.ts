import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchStack {
  url: string;
  sandboxUrl: string;
  stop(): Promise<void>;
}

/** Polls `url` until it answers 2xx, or throws after `ms`; fails early when `child` exits. */
export async function waitUntilReady(url: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready within ${ms / 1000} s`);
}

/** Stops a child by its own pid and waits for it to be gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs a TypeScript entry in its own node process (tsx as a loader, so the pid is the server's); benches measure speed, so the sandbox's rate limit is off. */
export function spawnEntry(entry: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'warn', SANDBOX_RATE_LIMIT: '0', SANDBOX_ALLOW_LOOPBACK_WEBHOOKS: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The whole stack as `npm start` runs it (sandbox and BFF serving the built console) on spare
 * ports with a throwaway data directory: a bench never touches a running console or the e2e stack.
 */
export async function startBenchStack(port: number, sandboxPort: number): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stack-'));
  const child = spawnEntry('src/start.ts', { PORT: String(port), SANDBOX_PORT: String(sandboxPort), DATA_DIR: dataDir });
  const url = `http://localhost:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${url}/readyz`, child);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, sandboxUrl: `http://localhost:${sandboxPort}`, stop };
}
