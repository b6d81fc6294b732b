import type { ClientRequest } from 'node:http';
import { addressProblem, isAddressLiteral } from '../http/address-policy.js';
import { guardedRequest, REFUSED_CODE } from '../http/guarded-connection.js';
import { ImageRejected } from './images.js';

/** Sandbox defaults for images given by url (documented in README.md beside this file). */
export const URL_FETCH_RULES = { timeoutMs: 10_000, maxRedirects: 3, maxBytes: 10 * 1024 * 1024 } as const;

/** True when an image url may not reach the address (the shared outbound classifier; everything but public addresses). */
export function isForbiddenAddress(address: string): boolean {
  return !isAddressLiteral(address) || addressProblem(address, undefined, { allowLoopback: false }) !== undefined;
}

export interface FetchedImage {
  bytes: Buffer;
  contentType: string | undefined;
  /** Last path segment of the url (the final one after redirects is not used: the client named the first). */
  fileName: string | undefined;
}

export interface FetchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

const lastSegment = (url: URL): string | undefined => {
  const seg = url.pathname.split('/').filter(Boolean).pop();
  if (!seg) return undefined;
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
};

/** Fetches an image once (nothing is kept of the url). Refusals and failures are ImageRejected (400, or 413 when too large). */
export async function fetchImage(rawUrl: string, options: FetchOptions): Promise<FetchedImage> {
  const timeoutMs = options.timeoutMs ?? URL_FETCH_RULES.timeoutMs;
  const maxBytes = options.maxBytes ?? URL_FETCH_RULES.maxBytes;
  const deadline = Date.now() + timeoutMs;
  const first = new URL(rawUrl);
  let url = first;
  for (let hop = 0; hop <= URL_FETCH_RULES.maxRedirects; hop++) {
    const res = await requestOnce(url, options.allowPrivate, Math.max(1, deadline - Date.now()), maxBytes);
    if ('redirect' in res) {
      if (hop === URL_FETCH_RULES.maxRedirects)
        throw new ImageRejected(400, `Fetching ${rawUrl} was redirected more than ${URL_FETCH_RULES.maxRedirects} times.`);
      url = new URL(res.redirect, url);
      continue;
    }
    return { bytes: res.bytes, contentType: res.contentType, fileName: lastSegment(first) };
  }
  throw new ImageRejected(400, `Fetching ${rawUrl} failed.`);
}

function requestOnce(
  url: URL,
  allowPrivate: boolean,
  timeoutMs: number,
  maxBytes: number,
): Promise<{ redirect: string } | { bytes: Buffer; contentType: string | undefined }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new ImageRejected(400, `Only http and https image urls are fetched, not ${url.protocol}.`));
  if (url.username || url.password) return Promise.reject(new ImageRejected(400, 'Image urls with credentials are refused.'));
  // Every form of the host, each resolved address and the peer connected to are checked (shared outbound policy).
  let req: ClientRequest;
  try {
    req = guardedRequest(
      url,
      {
        method: 'GET',
        timeout: timeoutMs,
        headers: { accept: 'image/*, application/pdf;q=0.9, */*;q=0.1', 'user-agent': 'customs-sandbox-image-fetch' },
      },
      { allowLoopback: false, allowAll: allowPrivate },
    );
  } catch (err) {
    return Promise.reject(new ImageRejected(400, `The image url is refused: ${err instanceof Error ? err.message : String(err)}`));
  }
  req.end();
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        resolve({ redirect: res.headers.location });
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        reject(new ImageRejected(400, `Fetching the image url answered HTTP ${status}.`));
        return;
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        reject(new ImageRejected(413, `The image at the url is ${declared} bytes; the limit is ${maxBytes} bytes.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new ImageRejected(413, `The image at the url is larger than ${maxBytes} bytes.`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ bytes: Buffer.concat(chunks), contentType: res.headers['content-type']?.split(';')[0]?.trim().toLowerCase() }),
      );
      res.on('error', (err) => reject(new ImageRejected(400, `Fetching the image url failed: ${err.message}`)));
    });
    const timer = setTimeout(() => req.destroy(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new ImageRejected(
          400,
          err.code === REFUSED_CODE ? `The image url is refused: ${err.message}` : `Fetching the image url failed: ${err.message}`,
        ),
      );
    });
  });
}
