import type { z } from 'zod';
import { problemFieldErrors, problemSchema, type Problem } from '../contract/problem.js';
import {
  backoffDelay,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  mayRetry,
  NETWORK_FAILURE,
  parseRetryAfter,
  retryClassOf,
  type RetryClass,
} from '../contract/retry-policy.js';
import { activeLocale } from './i18n/active-locale';

/**
 * The one fetch layer of the console (docs/architecture.md section 3): attaches the user's token,
 * retries by the one retry policy (src/contract/retry-policy.ts), parses success bodies with the
 * endpoint's schema and turns every failure into one ApiError.
 *
 * Retry rules (the policy's, specification "Errors: retry guidance"):
 * - `retry: 'auto'` (the default for every method but POST; a POST that only reads may pass it):
 *   sent again after 429, 500, 502, 503, 504 or a network failure.
 * - `retry: 'never'` (the default for POST: a customs shipment `New`, a classification run, a
 *   declaration action): sent again after 429 only. A rate-limited request was not processed;
 *   a 5xx may come after the service acted, so it is never re-sent and the user decides.
 * - `retry: 'none'`: never sent again; for a caller with its own retry loop (the bulk runner), so
 *   retries never stack. The error carries the server's Retry-After (ApiError.retryAfterMs).
 * - Up to 3 retries after the server's Retry-After (seconds or HTTP date), else 1 s, 2 s, 4 s
 *   (±20 % jitter). A Retry-After longer than 30 s is not waited for: the error goes to the caller.
 * - While it waits before a retry, the wait is published (subscribeRetryWaits, and the request's
 *   onRetry), so the screen that waits can say "retrying in N s (attempt k)".
 * - 401 calls onUnauthorized (sign in again) and is not retried.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  readonly fieldErrors: Record<string, string[]>;
  readonly requestId: string | undefined;
  /** What the server's Retry-After asked to wait, for a caller with its own retry loop. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    status: number;
    message: string;
    problem?: Problem;
    requestId?: string;
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.problem = init.problem;
    this.fieldErrors = init.problem ? problemFieldErrors(init.problem) : {};
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless a Blob, ArrayBuffer, typed array, FormData, URLSearchParams or string. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** Parses the success body: JSON for JSON responses, text for text and XML, a Blob otherwise, undefined for 204 or an empty body. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** 'never' for POST, 'auto' for other methods; 'none' when the caller retries itself (see the rules above). */
  retry?: 'auto' | 'never' | 'none';
  /** Told before each wait for a retry. */
  onRetry?: (wait: RetryWait) => void;
}

/** A request waiting before it is sent again (429, 5xx or a network failure). */
export interface RetryWait {
  /** Unique per waiting request. */
  id: number;
  method: HttpMethod;
  /** The BFF path without the query, e.g. /v1/declarations/search. */
  path: string;
  /** What was answered: the status, or 0 when the server could not be reached. */
  status: number;
  /** The attempt that will be sent after the wait: 2 for the first retry, up to MAX_RETRIES + 1. */
  attempt: number;
  maxAttempts: number;
  /** When the retry is sent, ms since the epoch. */
  until: number;
}

// ---- the requests waiting for a retry, for the screens that wait (useSyncExternalStore) ----
let waits: readonly RetryWait[] = [];
const waitListeners = new Set<() => void>();
let nextWaitId = 1;
const setWaits = (next: readonly RetryWait[]): void => {
  waits = next;
  for (const l of [...waitListeners]) l();
};

/** Every request now waiting before a retry (a new array after each change). */
export function getRetryWaits(): readonly RetryWait[] {
  return waits;
}

export function subscribeRetryWaits(listener: () => void): () => void {
  waitListeners.add(listener);
  return () => void waitListeners.delete(listener);
}

/** The policy's class for a request's retry option; without one, the method's (POST acts). */
const RETRY_CLASS: Record<NonNullable<RequestOptions<unknown>['retry']>, RetryClass> = {
  auto: 'idempotent',
  never: 'acting',
  none: 'none',
};

export interface ApiClientOptions {
  getAccessToken: () => Promise<string>;
  onUnauthorized?: () => void;
  /** Default '/api' (the BFF on the console's own origin). */
  baseUrl?: string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const MAX_RETRIES = MAX_ATTEMPTS - 1;

interface Settings {
  getAccessToken: () => Promise<string>;
  onUnauthorized: (() => void) | undefined;
  baseUrl: string;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

let settings: Settings | undefined;

export function configureApiClient(options: ApiClientOptions): void {
  settings = {
    getAccessToken: options.getAccessToken,
    onUnauthorized: options.onUnauthorized,
    baseUrl: (options.baseUrl ?? '/api').replace(/\/+$/, ''),
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
  };
}

const isList = (v: QueryValue): v is readonly (string | number)[] => Array.isArray(v);

/** `a=1&s=A&s=B`: arrays repeat the parameter, undefined leaves it out. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (isList(value)) for (const v of value) params.append(name, String(v));
    else params.append(name, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function encodeBody(body: unknown, contentType: string | undefined): { body: BodyInit | undefined; contentType: string | undefined } {
  if (body === undefined) return { body: undefined, contentType };
  if (body instanceof Blob) return { body, contentType: contentType ?? (body.type || 'application/octet-stream') };
  if (body instanceof ArrayBuffer) return { body, contentType: contentType ?? 'application/octet-stream' };
  if (ArrayBuffer.isView(body)) {
    const bytes = new Uint8Array(body.byteLength);
    bytes.set(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    return { body: bytes, contentType: contentType ?? 'application/octet-stream' };
  }
  // The browser sets multipart and form content types (with the boundary) itself.
  if (body instanceof FormData || body instanceof URLSearchParams) return { body, contentType };
  if (typeof body === 'string') return { body, contentType: contentType ?? 'text/plain;charset=utf-8' };
  return { body: JSON.stringify(body), contentType: contentType ?? 'application/json' };
}

/** Milliseconds the server asks to wait, from Retry-After as delta-seconds or an HTTP date. */
export const retryAfterMs = parseRetryAfter;

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.includes('json')) {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }
  if (type.startsWith('text/') || type.includes('xml')) {
    const text = await response.text();
    return text === '' ? undefined : text;
  }
  const blob = await response.blob();
  return blob.size === 0 && !type ? undefined : blob;
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  let problem: Problem | undefined;
  try {
    if (response.headers.get('content-type')?.toLowerCase().includes('json')) {
      const parsed = problemSchema.safeParse(await response.json());
      if (parsed.success) problem = parsed.data;
    }
  } catch {
    /* not a problem document */
  }
  const requestId = response.headers.get('x-request-id') ?? (typeof problem?.requestId === 'string' ? problem.requestId : undefined);
  const message = problem?.detail || problem?.title || `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new ApiError({ status: response.status, message, problem, requestId, retryAfterMs: retryAfter });
}

/** The wait before a retry ends early when the caller gives up (a newer filter replaced the query). */
function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  return new Promise<void>((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void sleep(ms).then(done, done);
  });
}

const isAbort = (e: unknown): boolean => e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError');

/** Calls the BFF: `request('/v1/declarations/search', { query, schema })`. */
export async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  if (!settings) throw new Error('configureApiClient() must be called before request().');
  const { getAccessToken, onUnauthorized, baseUrl, sleep, random } = settings;
  const method = options.method ?? 'GET';
  const retryClass = options.retry ? RETRY_CLASS[options.retry] : retryClassOf(method);
  const url = `${baseUrl}${path}${buildQuery(options.query)}`;
  const encoded = encodeBody(options.body, options.contentType);

  for (let attempt = 0; ; attempt++) {
    const headers = new Headers(options.headers);
    headers.set('authorization', `Bearer ${await getAccessToken()}`);
    if (!headers.has('accept')) headers.set('accept', 'application/json, application/problem+json;q=0.9, */*;q=0.8');
    if (encoded.contentType) headers.set('content-type', encoded.contentType);
    // The BFF writes its own problem texts in the console's language; the service's stay as it writes them.
    if (!headers.has('accept-language')) headers.set('accept-language', activeLocale());

    let response: Response | undefined;
    let networkError: unknown;
    try {
      response = await fetch(url, { method, headers, body: encoded.body, signal: options.signal, credentials: 'same-origin' });
    } catch (e) {
      if (isAbort(e) || options.signal?.aborted) throw e;
      networkError = e;
    }

    const status = response?.status ?? NETWORK_FAILURE;
    if (mayRetry(retryClass, status) && attempt < MAX_RETRIES) {
      const asked = response ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
      if (asked === undefined || asked <= MAX_RETRY_AFTER_MS) {
        await response?.body?.cancel().catch(() => undefined);
        const delay = backoffDelay(attempt + 1, asked, random);
        const wait: RetryWait = {
          id: nextWaitId++,
          method,
          path,
          status,
          attempt: attempt + 2,
          maxAttempts: MAX_RETRIES + 1,
          until: Date.now() + delay,
        };
        options.onRetry?.(wait);
        setWaits([...waits, wait]);
        try {
          await sleepUnlessAborted(sleep, delay, options.signal);
        } finally {
          setWaits(waits.filter((w) => w.id !== wait.id));
        }
        options.signal?.throwIfAborted();
        continue;
      }
    }

    if (!response)
      throw new ApiError({
        status: 0,
        message: 'The console could not reach its server. Check the connection and try again.',
        cause: networkError,
      });
    if (!response.ok) {
      if (response.status === 401) onUnauthorized?.();
      throw await toApiError(response);
    }
    const body = await readBody(response);
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        message: `The response of ${method} ${path} has an unexpected shape.`,
        requestId: response.headers.get('x-request-id') ?? undefined,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }
}
