import type { ChildProcess } from 'node:child_process';
import { expect, vi } from 'vitest';

/**
 * Test support: resolves once the server a test spawned as its own process answers `GET /healthz`
 * with 2xx; rejects at once when the process exits first, and after `timeoutMs` otherwise.
 */
export async function untilHealthy(child: ChildProcess, url: string, timeoutMs = 90_000): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the process exited (${code}) before ${url}/healthz answered`))),
  );
  const healthy = vi.waitFor(
    async () => {
      const res = await fetch(`${url}/healthz`);
      expect(res.ok, `${url}/healthz`).toBe(true);
    },
    { timeout: timeoutMs, interval: 100 },
  );
  await Promise.race([healthy, exited]);
}
