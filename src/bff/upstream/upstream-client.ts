import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TokenCache } from './token-cache.js';

/** Request headers passed from the browser to the service; everything else (Authorization, Cookie, hop-by-hop, Host, X-Forwarded-*) stays behind. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-encoding',
  'content-disposition',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'range',
] as const;

/** Response headers never passed back to the browser. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'www-authenticate',
  'date',
  'server',
  'x-request-id',
]);

export interface UpstreamCall {
  method: string;
  /** `/v1/...` plus the raw query string, already checked against the allow-list. */
  pathAndQuery: string;
  headers: IncomingHttpHeaders;
  /**
   * A Buffer is replayable (the call is retried once after a 401 with a renewed token);
   * a stream is sent as it arrives and not retried.
   */
  body: Buffer | Readable | undefined;
  requestId: string;
  /**
   * Given the means to cancel the call in flight (each attempt's request), e.g. when the browser
   * goes away. A callback rather than an AbortSignal: a signal per proxied call, with its event
   * listeners, cost a twentieth of the BFF's time per call.
   */
  onCancellable?: (cancel: () => void) => void;
}

export interface UpstreamResult {
  response: IncomingMessage;
  /** The call was sent a second time after a 401 and a token renewal. */
  retried: boolean;
}

export class UpstreamTimeoutError extends Error {
  constructor() {
    super('The customs service did not answer in time.');
    this.name = 'UpstreamTimeoutError';
  }
}

/** The call was cancelled: the browser went away, or the BFF is shutting down. */
export class CancelledError extends Error {
  constructor() {
    super('The call was cancelled.');
    this.name = 'AbortError';
  }
}

/** Copies the headers the browser may see. */
export function responseHeadersFor(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/** What one call to the service came to: its answer's status (or `error`: unreachable, timed out) and time to the answer. */
export interface UpstreamCallOutcome {
  method: string;
  pathAndQuery: string;
  status: number | 'error';
  seconds: number;
}

/**
 * Calls the customs service with the BFF's service token: node:http, so bodies stream both ways
 * untouched (no decompression, no redirect following: a 307 comes back as it is).
 */
export class UpstreamClient {
  private readonly base: URL;
  private readonly agent: HttpAgent;
  private readonly send: typeof httpRequest;
  private closed = false;

  constructor(
    baseUrl: string,
    private readonly tokens: TokenCache,
    private readonly options: { timeoutMs?: number; maxSockets?: number; onCall?: (call: UpstreamCallOutcome) => void } = {},
  ) {
    this.base = new URL(baseUrl);
    const https = this.base.protocol === 'https:';
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 256 };
    this.agent = https ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
    this.send = https ? httpsRequest : httpRequest;
    // A call cancelled while its socket connects hands the unused socket back to the agent's spare
    // pool; after close() nobody would end it, and the service's shutdown would wait on it.
    this.agent.on('free', (socket: Socket) => {
      if (this.closed) socket.destroy();
    });
  }

  /** Forwards one call; on a 401 with a replayable body: drop the token, get a new one, send once more. */
  async forward(call: UpstreamCall): Promise<UpstreamResult> {
    const token = await this.tokens.get();
    const response = await this.once(call, token);
    if (response.statusCode !== 401 || !(call.body === undefined || Buffer.isBuffer(call.body))) return { response, retried: false };
    response.resume();
    this.tokens.invalidate(token);
    const renewed = await this.tokens.get();
    return { response: await this.once(call, renewed), retried: true };
  }

  close(): void {
    this.closed = true;
    this.agent.destroy();
  }

  /** One attempt, timed to the answer's headers and reported to `onCall` (a failure to connect or a timeout as `error`). */
  private async once(call: UpstreamCall, token: string): Promise<IncomingMessage> {
    const started = performance.now();
    const report = (status: number | 'error') =>
      this.options.onCall?.({
        method: call.method,
        pathAndQuery: call.pathAndQuery,
        status,
        seconds: (performance.now() - started) / 1000,
      });
    try {
      const response = await this.attempt(call, token);
      report(response.statusCode ?? 0);
      return response;
    } catch (e) {
      if (!(e instanceof CancelledError)) report('error');
      throw e;
    }
  }

  private attempt(call: UpstreamCall, token: string): Promise<IncomingMessage> {
    if (this.closed) return Promise.reject(new CancelledError());
    const headers: Record<string, string | string[]> = { authorization: `Bearer ${token}`, 'x-request-id': call.requestId };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = call.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    if (Buffer.isBuffer(call.body)) headers['content-length'] = String(call.body.length);
    else if (call.body && call.headers['content-length'] !== undefined) headers['content-length'] = call.headers['content-length'];
    const basePath = this.base.pathname.replace(/\/+$/, '');
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = this.send(
        {
          protocol: this.base.protocol,
          hostname: this.base.hostname,
          port: this.base.port,
          path: `${basePath}${call.pathAndQuery}`,
          method: call.method,
          headers,
          agent: this.agent,
          timeout: this.options.timeoutMs ?? 30_000,
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(new UpstreamTimeoutError()));
      req.on('error', reject);
      call.onCancellable?.(() => req.destroy(new CancelledError()));
      const body = call.body;
      if (body === undefined) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else pipeline(body, req).catch((e: unknown) => req.destroy(e instanceof Error ? e : new Error(String(e))));
    });
  }
}
