import { randomUUID } from 'node:crypto';
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

/** Transient answers the specification says to retry with backoff (Errors, retry guidance). */
const TRANSIENT = new Set([429, 500, 502, 503]);
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface JsonGetOptions {
  signal?: AbortSignal;
  /** Attempts in all (1 s, 2 s, 4 s ... between them, ±20 %, or Retry-After); default 4. */
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
 * retrying 429/500/502/503 with exponential backoff. 200 → the parsed body, 404 → null, anything
 * else → UpstreamStatusError.
 */
export async function getUpstreamJson(upstream: UpstreamClient, pathAndQuery: string, options: JsonGetOptions = {}): Promise<unknown> {
  const { signal, attempts = 4 } = options;
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
      if (!TRANSIENT.has(status) || attempt >= attempts) throw new UpstreamStatusError(status, pathAndQuery);
      const retryAfter = Number(response.headers['retry-after']);
      const backoff = 1000 * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
      await wait(Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : backoff, signal);
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
