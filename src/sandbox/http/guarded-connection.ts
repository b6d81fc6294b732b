import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { addressProblem, isAddressLiteral, type OutboundPolicy } from './address-policy.js';

/** Error code of a connection the policy refused (never reached the address). */
export const REFUSED_CODE = 'EADDRREFUSED_SANDBOX';

export class RefusedAddressError extends Error {
  readonly code = REFUSED_CODE;
}

const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * DNS lookup that refuses addresses the policy forbids. The socket connects to exactly the
 * address returned here, so a name that resolves elsewhere a moment later (DNS rebinding) gains nothing.
 */
export function guardedLookup(policy: OutboundPolicy, port: number): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      for (const a of addresses) {
        const problem = addressProblem(a.address, port, policy);
        if (problem) return callback(new RefusedAddressError(`${hostname} resolves to ${a.address}: ${problem}`), '', 0);
      }
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address.`), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/** Why the url's host itself is refused (address literals, loopback and metadata names), before any connection. */
export function urlHostProblem(url: URL, policy: OutboundPolicy): string | undefined {
  return addressProblem(url.hostname, portOf(url), policy);
}

/** Checks the peer a socket actually connected to; a refused one is destroyed. Defence in depth behind the lookup. */
function checkPeer(req: ClientRequest, policy: OutboundPolicy): void {
  req.once('socket', (socket: Socket) => {
    const check = (): void => {
      const problem = socket.remoteAddress ? addressProblem(socket.remoteAddress, socket.remotePort, policy) : undefined;
      if (problem) req.destroy(new RefusedAddressError(`connected to ${socket.remoteAddress}: ${problem}`));
    };
    if (socket.connecting) socket.once('connect', check);
    else check();
  });
}

/**
 * Opens an http(s) request whose every connection the policy checks: the url's host, each
 * resolved address, and the peer actually connected to. Nothing is followed (redirects are the
 * caller's). Throws RefusedAddressError, before any connection, when the url's host is refused.
 */
export function guardedRequest(url: URL, options: http.RequestOptions, policy: OutboundPolicy): ClientRequest {
  const problem = urlHostProblem(url, policy);
  if (problem) throw new RefusedAddressError(problem);
  const client = url.protocol === 'https:' ? https : http;
  const req = client.request(url, { ...options, lookup: isAddressLiteral(url.hostname) ? undefined : guardedLookup(policy, portOf(url)) });
  checkPeer(req, policy);
  return req;
}

export interface SmallResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Most of an answer kept (webhook receivers, token endpoints: small JSON). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** One guarded request with a body, its answer read up to 64 KiB. Rejects with RefusedAddressError when refused. */
export function sendGuarded(
  url: URL,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
  policy: OutboundPolicy,
): Promise<SmallResponse> {
  return new Promise((resolve, reject) => {
    const req = guardedRequest(url, { method: init.method, headers: init.headers, signal: init.signal }, policy);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
      // Cut short (timeout, shutdown, peer gone): settles the promise if 'end' never comes.
      res.on('close', () => {
        if (!res.complete) reject(new Error('the answer was cut short'));
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
