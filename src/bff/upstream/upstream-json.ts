import type { IncomingHttpHeaders } from 'node:http';
import type { UpstreamClient } from './upstream-client.js';

export interface UpstreamJsonAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as received (relayed as is when the BFF only passes the answer on). */
  raw: Buffer;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown;
}

/** Upstream answers the BFF reads itself are small JSON documents; anything larger is cut off here. */
const MAX_JSON_BYTES = 1024 * 1024;

/** One JSON call to the service with the service token (renewed once on a 401), read whole. */
export async function callUpstreamJson(
  upstream: UpstreamClient,
  call: { method: string; path: string; requestId: string; body?: unknown },
): Promise<UpstreamJsonAnswer> {
  const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
  const { response } = await upstream.forward({
    method: call.method,
    pathAndQuery: call.path,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
    requestId: call.requestId,
  });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > MAX_JSON_BYTES) {
      response.destroy();
      throw new Error(`${call.method} ${call.path}: answer larger than ${MAX_JSON_BYTES} bytes`);
    }
    chunks.push(b);
  }
  const raw = Buffer.concat(chunks);
  let json: unknown;
  try {
    json = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.statusCode ?? 502, headers: response.headers, raw, json };
}
