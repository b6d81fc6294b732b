import {
  LIVE_MISSED_EVENTS_TYPE,
  LIVE_STREAM_END_EVENT,
  liveEventSchema,
  liveStreamEndSchema,
  type LiveEvent,
  type LiveStreamEnd,
} from '../contract/live.js';
import { backoffDelay, parseRetryAfter } from '../contract/retry-policy.js';

/**
 * Live updates in the browser (docs/architecture.md section 1): one long GET /api/live, read with
 * fetch because EventSource cannot send the bearer token. Plain SSE frames carry the service's
 * event envelopes (src/contract/live.ts). Features listen through subscribeLiveEvents /
 * subscribeLiveStatus, so they never import each other or hold the connection themselves.
 */

export type LiveStatus = 'connecting' | 'live' | 'offline';

/** One dispatched SSE event. */
export interface SseFrame {
  /** The last event id seen on this stream (SSE keeps it across frames that carry none). */
  id: string | undefined;
  /** `message` when the frame names none. */
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text (any chunking); returns the frames completed by it. */
  push(text: string): SseFrame[];
}

/**
 * Parser for text/event-stream (WHATWG HTML, "Event stream interpretation"): lines end in CRLF,
 * LF or CR, also when a CRLF is split across chunks; `data` lines join with LF; comments and
 * unknown fields are ignored; a frame without data is not dispatched; an id containing NUL is
 * ignored; one leading BOM is dropped.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let started = false;
  /** The previous chunk ended in CR: an LF at the start of the next one belongs to it. */
  let afterCr = false;
  let lastEventId: string | undefined;
  let eventType = '';
  let data: string[] = [];

  const line = (text: string, out: SseFrame[]): void => {
    if (text === '') {
      if (data.length > 0) out.push({ id: lastEventId, event: eventType || 'message', data: data.join('\n') });
      data = [];
      eventType = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') eventType = value;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    // `retry` is EventSource's reconnection hint; the reconnection policy here is the client's own.
  };

  return {
    push(text) {
      let chunk = text;
      if (!started && chunk.length > 0) {
        started = true;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      if (afterCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      afterCr = false;
      buffer += chunk;
      const out: SseFrame[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}

// ---- app-wide pub/sub ---------------------------------------------------------------------

type Listener<T> = (value: T) => void;
const eventListeners = new Set<Listener<LiveEvent>>();
const statusListeners = new Set<Listener<LiveStatus>>();
const missedListeners = new Set<Listener<LiveEvent>>();
let currentStatus: LiveStatus = 'offline';

/** Surfaces a listener's error without breaking the stream or the other listeners. */
const notify = <T>(listener: Listener<T>, value: T): void => {
  try {
    listener(value);
  } catch (e) {
    setTimeout(() => {
      throw e;
    });
  }
};

/** Every live event, from whichever connection is open. Returns unsubscribe. */
export function subscribeLiveEvents(listener: Listener<LiveEvent>): () => void {
  eventListeners.add(listener);
  return () => void eventListeners.delete(listener);
}

/**
 * The BFF re-created a webhook subscription that had gone (e.g. after a sandbox reset): events
 * were missed, so what the console shows may be out of date (refetch it). Returns unsubscribe.
 */
export function subscribeMissedEvents(listener: Listener<LiveEvent>): () => void {
  missedListeners.add(listener);
  return () => void missedListeners.delete(listener);
}

/** The connection's status ('offline' when none is open). Fits React's useSyncExternalStore with subscribeLiveStatus. */
export function getLiveStatus(): LiveStatus {
  return currentStatus;
}

export function subscribeLiveStatus(listener: Listener<LiveStatus>): () => void {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
}

// ---- the connection -----------------------------------------------------------------------

export interface LiveEventsOptions {
  /** The user's access token; asked again for every (re)connection, so a renewed token is used. */
  getAccessToken: () => Promise<string>;
  onEvent?: (event: LiveEvent) => void;
  onStatus?: (status: LiveStatus) => void;
  /** Events may have been missed (see subscribeMissedEvents). */
  onMissedEvents?: (notice: LiveEvent) => void;
  /** Default '/api' (the BFF on the console's own origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** No byte for this long means a dead connection (the BFF sends a heartbeat every 15 s). Default 45 s. */
  idleTimeoutMs?: number;
  /** Reconnection delays: initialMs doubling up to maxMs, ±20 % jitter. Default 1 s to 30 s. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** How many recent event ids are remembered to drop an event delivered twice (e.g. via two BFF replicas). */
const SEEN_IDS = 1000;

const waitFor = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Opens /api/live and keeps it open: reconnects with backoff and Last-Event-ID (so the BFF
 * replays what was missed), and reports 'connecting' | 'live' | 'offline'. Meant to run once
 * per signed-in console. Returns disconnect().
 */
export function connectLiveEvents(options: LiveEventsOptions): () => void {
  const {
    getAccessToken,
    baseUrl = '/api',
    idleTimeoutMs = 45_000,
    initialDelayMs = 1_000,
    maxDelayMs = 30_000,
    random = Math.random,
  } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const stop = new AbortController();
  let lastEventId: string | undefined;
  const seen = new Set<string>();
  const seenOrder: string[] = [];

  const setStatus = (status: LiveStatus): void => {
    if (currentStatus === status) return;
    currentStatus = status;
    if (options.onStatus) notify(options.onStatus, status);
    for (const l of [...statusListeners]) notify(l, status);
  };

  /** Why the BFF ended the current stream, when it said so (its last frame). */
  let ended: LiveStreamEnd | undefined;
  /** How long the BFF asked to wait before the next attempt (Retry-After of a refusal, e.g. too many streams). */
  let retryAfterMs: number | undefined;

  const deliver = (frame: SseFrame): void => {
    if (frame.event === LIVE_STREAM_END_EVENT) {
      const end = liveStreamEndSchema.safeParse(safeJson(frame.data));
      if (end.success) ended = end.data;
      return;
    }
    if (frame.id) lastEventId = frame.id;
    const parsed = liveEventSchema.safeParse(safeJson(frame.data));
    if (!parsed.success || seen.has(parsed.data.id)) return;
    seen.add(parsed.data.id);
    seenOrder.push(parsed.data.id);
    if (seenOrder.length > SEEN_IDS) seen.delete(seenOrder.shift() ?? '');
    if (parsed.data.eventType === LIVE_MISSED_EVENTS_TYPE) {
      if (options.onMissedEvents) notify(options.onMissedEvents, parsed.data);
      for (const l of [...missedListeners]) notify(l, parsed.data);
      return;
    }
    if (options.onEvent) notify(options.onEvent, parsed.data);
    for (const l of [...eventListeners]) notify(l, parsed.data);
  };

  /** One connection; true when it was live (the backoff then starts over). */
  const connectOnce = async (): Promise<boolean> => {
    const attempt = new AbortController();
    const abortAttempt = (): void => attempt.abort();
    stop.signal.addEventListener('abort', abortAttempt, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const armIdle = (): void => {
      clearTimeout(idle);
      idle = setTimeout(abortAttempt, idleTimeoutMs);
    };
    let wasLive = false;
    ended = undefined;
    retryAfterMs = undefined;
    try {
      const token = await getAccessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      armIdle();
      const res = await doFetch(`${baseUrl}/live`, { headers, signal: attempt.signal, cache: 'no-store' });
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
        await res.body?.cancel().catch(() => undefined);
        return false;
      }
      wasLive = true;
      setStatus('live');
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parser = createSseParser();
      for (;;) {
        armIdle();
        const { value, done } = await reader.read();
        if (done) break;
        for (const frame of parser.push(decoder.decode(value, { stream: true }))) deliver(frame);
      }
    } catch {
      // Network failure, abort (idle or disconnect) or no token: reconnect unless stopped.
    } finally {
      clearTimeout(idle);
      stop.signal.removeEventListener('abort', abortAttempt);
      attempt.abort();
    }
    return wasLive;
  };

  void (async () => {
    let failures = 0;
    while (!stop.signal.aborted) {
      setStatus('connecting');
      const wasLive = await connectOnce();
      if (stop.signal.aborted) break;
      // The BFF ended it on purpose (token expiry, shutdown): back at once, with a fresh token and Last-Event-ID.
      if (ended) {
        await waitFor(Math.round(250 * random()), stop.signal); // spread: a replica's shutdown ends many streams at once
        continue;
      }
      setStatus('offline');
      failures = wasLive ? 1 : failures + 1;
      await waitFor(backoffDelay(failures, retryAfterMs, random, { baseMs: initialDelayMs, capMs: maxDelayMs }), stop.signal);
    }
    setStatus('offline');
  })();

  return () => stop.abort();
}
