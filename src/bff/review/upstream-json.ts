import { randomUUID } from 'node:crypto';
import { backoffDelay, MAX_ATTEMPTS, mayRetry, parseRetryAfter } from '../../contract/retry-policy.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

/** The service answered with a status the caller did not expect. */
export class UpstreamStatusError extends Error {
  constructor(
    readonly status: number,
    path: string,
  ) {
    super(`GET ${path.split('?')[0]} answered ${status}`);
    this.name = 'UpstreamStatusError';
  }
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface JsonGetOptions {
  signal?: AbortSignal;
  /** Attempts in all (the retry policy's backoff between them); default the policy's. */
  attempts?: number;
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * GET of a JSON resource with the BFF's service token (the upstream client renews it on a 401),
 * retried as the retry policy says for a read. 200 → the parsed body, 404 → null, anything
 * else → UpstreamStatusError.
 */
export async function getUpstreamJson(upstream: UpstreamClient, pathAndQuery: string, options: JsonGetOptions = {}): Promise<unknown> {
  const { signal, attempts = MAX_ATTEMPTS } = options;
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    let cancelCall: (() => void) | undefined;
    try {
      const { response } = await upstream.forward({
        method: 'GET',
        pathAndQuery,
        headers: { accept: 'application/json' },
        body: undefined,
        requestId: randomUUID(),
        onCancellable: (cancel) => {
          cancelCall = cancel;
          signal?.addEventListener('abort', cancel, { once: true });
        },
      });
      const status = response.statusCode ?? 502;
      if (status === 200) return JSON.parse((await readBody(response, pathAndQuery)).toString('utf8'));
      response.resume();
      if (status === 404) return null;
      if (!mayRetry('idempotent', status) || attempt >= attempts) throw new UpstreamStatusError(status, pathAndQuery);
      await wait(backoffDelay(attempt, parseRetryAfter(response.headers['retry-after']), Math.random), signal);
    } finally {
      // The signal outlives the call (the indexer's stop signal): no listener left behind.
      if (cancelCall) signal?.removeEventListener('abort', cancelCall);
    }
  }
}

async function readBody(response: AsyncIterable<unknown>, pathAndQuery: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > MAX_BODY_BYTES) throw new Error(`GET ${pathAndQuery.split('?')[0]}: answer over ${MAX_BODY_BYTES} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
