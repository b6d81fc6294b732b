import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ImageRejected } from './images.js';

/** Sandbox defaults for images given by url (documented in README.md beside this file). */
export const URL_FETCH_RULES = {
  timeoutMs: 10_000,
  maxRedirects: 3,
  maxBytes: 10 * 1024 * 1024,
} as const;

/**
 * Addresses an image url may not reach: loopback, private (RFC 1918, unique local), link-local
 * (including the cloud metadata address 169.254.169.254 and fd00:ec2::254), carrier-grade NAT,
 * unspecified, multicast, reserved and documentation ranges. IPv4-mapped IPv6 addresses are
 * checked as the IPv4 address they carry.
 */
const forbidden = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv6');
}

/** True when the address must not be fetched from. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return forbidden.check(mapped[1], 'ipv4');
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hexMapped?.[1] && hexMapped[2]) {
      const hi = parseInt(hexMapped[1], 16);
      const lo = parseInt(hexMapped[2], 16);
      return forbidden.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return forbidden.check(address, 'ipv6');
  }
  return true;
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

/**
 * DNS lookup that refuses forbidden addresses. The connection uses exactly the address checked
 * here, so a name that resolves differently a moment later (DNS rebinding) gains nothing.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isForbiddenAddress(a.address));
      if (!allowPrivate && bad) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${bad.address}, a loopback, private, link-local or reserved address.`);
        refused.code = 'EADDRREFUSED_SANDBOX';
        return callback(refused, '', 0);
      }
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address.`), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
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
      if (hop === URL_FETCH_RULES.maxRedirects) throw new ImageRejected(400, `Fetching ${rawUrl} was redirected more than ${URL_FETCH_RULES.maxRedirects} times.`);
      url = new URL(res.redirect, url);
      continue;
    }
    return { bytes: res.bytes, contentType: res.contentType, fileName: lastSegment(first) };
  }
  throw new ImageRejected(400, `Fetching ${rawUrl} failed.`);
}

function requestOnce(url: URL, allowPrivate: boolean, timeoutMs: number, maxBytes: number): Promise<{ redirect: string } | { bytes: Buffer; contentType: string | undefined }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new ImageRejected(400, `Only http and https image urls are fetched, not ${url.protocol}.`));
  if (url.username || url.password) return Promise.reject(new ImageRejected(400, 'Image urls with credentials are refused.'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Literal addresses never reach the lookup, so they are checked here.
  if (isIP(host) && !allowPrivate && isForbiddenAddress(host)) {
    return Promise.reject(new ImageRejected(400, `The image url points at ${host}, a loopback, private, link-local or reserved address.`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: guardedLookup(allowPrivate), timeout: timeoutMs, headers: { accept: 'image/*, application/pdf;q=0.9, */*;q=0.1', 'user-agent': 'customs-sandbox-image-fetch' } }, (res) => {
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
      res.on('end', () => resolve({ bytes: Buffer.concat(chunks), contentType: res.headers['content-type']?.split(';')[0]?.trim().toLowerCase() }));
      res.on('error', (err) => reject(new ImageRejected(400, `Fetching the image url failed: ${err.message}`)));
    });
    const timer = setTimeout(() => req.destroy(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new ImageRejected(400, err.code === 'EADDRREFUSED_SANDBOX' ? `The image url is refused: ${err.message}` : `Fetching the image url failed: ${err.message}`));
    });
  });
}
