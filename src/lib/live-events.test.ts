import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectLiveEvents,
  createSseParser,
  getLiveStatus,
  subscribeLiveEvents,
  subscribeLiveStatus,
  type LiveStatus,
  type SseFrame,
} from './live-events.js';
import { LIVE_STREAM_END_EVENT } from '../contract/live.js';

const feed = (chunks: string[]): SseFrame[] => {
  const parser = createSseParser();
  return chunks.flatMap((c) => parser.push(c));
};

describe('createSseParser', () => {
  it('reads id, event and data, and ignores comments', () => {
    expect(feed([': live\n\nid: e1\nevent: DeclarationStatusChanged\ndata: {"a":1}\n\n: keep-alive\n\n'])).toEqual([
      { id: 'e1', event: 'DeclarationStatusChanged', data: '{"a":1}' },
    ]);
  });

  it('gives the same frames however the text is split, down to one character per chunk', () => {
    const text = 'id: e1\r\nevent: X\r\ndata: first\r\ndata: second\r\n\r\n:c\rid: e2\rdata:x\r\rdata: y\n\n';
    const expected: SseFrame[] = [
      { id: 'e1', event: 'X', data: 'first\nsecond' },
      { id: 'e2', event: 'message', data: 'x' },
      { id: 'e2', event: 'message', data: 'y' },
    ];
    expect(feed([text])).toEqual(expected);
    expect(feed([...text])).toEqual(expected);
    for (let cut = 1; cut < text.length; cut++) expect(feed([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
  });

  it('keeps an incomplete frame until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('id: e1\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: 'e1', event: 'message', data: '{"a":1}' }]);
  });

  it('follows the SSE rules for edge cases: BOM, no space after the colon, empty data, no data, NUL in id, unknown fields', () => {
    expect(feed(['\uFEFFdata:a\n\n'])).toEqual([{ id: undefined, event: 'message', data: 'a' }]);
    expect(feed(['data\n\n'])).toEqual([{ id: undefined, event: 'message', data: '' }]);
    expect(feed(['data:  two spaces\n\n'])).toEqual([{ id: undefined, event: 'message', data: ' two spaces' }]);
    expect(feed(['event: X\nid: e1\n\ndata: d\n\n'])).toEqual([{ id: 'e1', event: 'message', data: 'd' }]);
    expect(feed(['id: a\0b\nretry: 10\nfoo: bar\ndata: d\n\n'])).toEqual([{ id: undefined, event: 'message', data: 'd' }]);
  });
});

// ---- connectLiveEvents against a scripted fetch ------------------------------------------------

const envelope = (id: string) => ({
  id,
  tenantId: 't-acc-001',
  eventTime: '2025-03-04T05:06:07.8900000Z',
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Released',
  data: { id: 'd-1', storageLocation: 'Zollamt Köln – Lager 7 €' },
});
const frame = (id: string) => `id: ${id}\nevent: DeclarationStatusChanged\ndata: ${JSON.stringify(envelope(id))}\n\n`;

interface Call {
  headers: Headers;
}

/** A fetch whose n-th call answers with script[n]: SSE chunks then end of stream, or a status. */
/** bytewise: every byte its own chunk, so UTF-8 characters arrive split. */
function scriptedFetch(script: ({ chunks: string[]; hold?: boolean; bytewise?: boolean } | { status: number; retryAfter?: string })[]) {
  const calls: Call[] = [];
  const impl = async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({ headers: new Headers(init?.headers) });
    const step = script[calls.length - 1] ?? { chunks: [], hold: true };
    if ('status' in step)
      return new Response('{}', {
        status: step.status,
        headers: { 'content-type': 'application/problem+json', ...(step.retryAfter ? { 'retry-after': step.retryAfter } : {}) },
      });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of step.chunks) {
          const bytes = encoder.encode(c);
          if (step.bytewise) for (let i = 0; i < bytes.length; i++) controller.enqueue(bytes.subarray(i, i + 1));
          else controller.enqueue(bytes);
        }
        if (!step.hold) controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  };
  return { calls, impl };
}

const until = (check: () => boolean): Promise<void> => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 5 });

let disconnect: (() => void) | undefined;
afterEach(() => disconnect?.());

describe('connectLiveEvents', () => {
  it('delivers events, reconnects with Last-Event-ID after the stream ends, drops duplicates and reports its status', async () => {
    const { calls, impl } = scriptedFetch([
      // One byte per chunk: frames and UTF-8 characters split everywhere.
      { chunks: [frame('e1'), ': keep-alive\n\n', frame('e2')], bytewise: true },
      { status: 503 },
      { chunks: [frame('e2'), frame('e3')], hold: true },
    ]);
    const received: string[] = [];
    let storage: unknown;
    const fromPubSub: string[] = [];
    const statuses: LiveStatus[] = [];
    const globalStatuses: LiveStatus[] = [];
    const unsubscribe = subscribeLiveEvents((e) => fromPubSub.push(e.id));
    const unsubscribeStatus = subscribeLiveStatus((s) => globalStatuses.push(s));
    const tokens: string[] = [];
    disconnect = connectLiveEvents({
      getAccessToken: async () => {
        tokens.push(`t${tokens.length + 1}`);
        return tokens.at(-1) ?? '';
      },
      onEvent: (e) => {
        received.push(e.id);
        storage ??= e.data['storageLocation'];
      },
      onStatus: (s) => statuses.push(s),
      fetch: impl,
      initialDelayMs: 1,
      maxDelayMs: 5,
    });
    await until(() => received.length === 3 && getLiveStatus() === 'live' && calls.length === 3);
    expect(received).toEqual(['e1', 'e2', 'e3']);
    expect(storage).toEqual(envelope('e1').data.storageLocation);
    expect(fromPubSub).toEqual(['e1', 'e2', 'e3']);
    expect(calls.map((c) => c.headers.get('last-event-id'))).toEqual([null, 'e2', 'e2']);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer t1', 'Bearer t2', 'Bearer t3']);
    expect(statuses).toEqual(['connecting', 'live', 'offline', 'connecting', 'offline', 'connecting', 'live']);
    expect(globalStatuses).toEqual(statuses);
    disconnect();
    await until(() => getLiveStatus() === 'offline');
    unsubscribe();
    unsubscribeStatus();
  });

  it('reconnects at once, with a fresh token and Last-Event-ID, when the BFF ends the stream because the token expired', async () => {
    const end = `event: ${LIVE_STREAM_END_EVENT}\ndata: ${JSON.stringify({ reason: 'token-expired', detail: 'expired' })}\n\n`;
    const { calls, impl } = scriptedFetch([{ chunks: [frame('e1'), end] }, { chunks: [], hold: true }]);
    let n = 0;
    // A backoff of a minute would show if the end were taken for a failure.
    disconnect = connectLiveEvents({ getAccessToken: async () => `t${++n}`, fetch: impl, initialDelayMs: 60_000 });
    await until(() => calls.length === 2);
    expect(calls.map((c) => [c.headers.get('authorization'), c.headers.get('last-event-id')])).toEqual([
      ['Bearer t1', null],
      ['Bearer t2', 'e1'],
    ]);
  });

  it('reconnects when the stream goes silent for longer than the idle timeout', async () => {
    const { calls, impl } = scriptedFetch([
      { chunks: [frame('a')], hold: true },
      { chunks: [], hold: true },
    ]);
    disconnect = connectLiveEvents({ getAccessToken: async () => 't', fetch: impl, idleTimeoutMs: 30, initialDelayMs: 1 });
    await until(() => calls.length === 2);
    expect(calls[1]?.headers.get('last-event-id')).toBe('a');
  });

  it('waits as long as a refusal’s Retry-After asks (too many streams) before it tries again', async () => {
    vi.useFakeTimers();
    try {
      const { calls, impl } = scriptedFetch([
        { status: 429, retryAfter: '30' },
        { chunks: [], hold: true },
      ]);
      disconnect = connectLiveEvents({ getAccessToken: async () => 't', fetch: impl, initialDelayMs: 1_000, maxDelayMs: 2_000 });
      await vi.advanceTimersByTimeAsync(29_000);
      expect(calls).toHaveLength(1);
      expect(getLiveStatus()).toBe('offline');
      await vi.advanceTimersByTimeAsync(1_500);
      expect(calls).toHaveLength(2);
      expect(getLiveStatus()).toBe('live');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps trying (offline) while the token cannot be had, and stops on disconnect', async () => {
    vi.useFakeTimers();
    try {
      const { calls, impl } = scriptedFetch([]);
      let asked = 0;
      disconnect = connectLiveEvents({
        getAccessToken: async () => {
          asked++;
          throw new Error('interaction required');
        },
        fetch: impl,
        initialDelayMs: 1_000,
        maxDelayMs: 2_000,
      });
      await vi.advanceTimersByTimeAsync(5_000); // asked at once, then after 1 s, 2 s, 2 s (with jitter)
      expect(asked).toBeGreaterThanOrEqual(3);
      disconnect();
      const after = asked;
      await vi.advanceTimersByTimeAsync(60_000); // a minute later: not asked again
      expect(asked).toBe(after);
      expect(calls).toHaveLength(0);
      expect(getLiveStatus()).toBe('offline');
    } finally {
      vi.useRealTimers();
    }
  });
});
