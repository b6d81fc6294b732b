import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PassThrough } from 'node:stream';
import { testEngines } from '../../server-kit/database/test-databases.js';
import type { StoredEvent } from '../store/event-inbox.js';
import type { InboxWatcher } from '../store/inbox-feed.js';
import { startBff } from '../test-support/start-bff.js';
import { openTestStore } from '../test-support/test-store.js';
import { LiveFanOut } from './live-fanout.js';
import { LiveHub } from './live-hub.js';
import { resolveSharedWebhookSecret, resolveWebhookSecret, secretMatches } from './webhook-secret.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'bff-live-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('webhook secret', () => {
  it('is generated once into the data dir (owner-only) and kept across starts; a configured one wins', () => {
    const dir = tempDir();
    const first = resolveWebhookSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'webhook-secret')).mode & 0o777).toBe(0o600);
    expect(resolveWebhookSecret(dir, undefined)).toBe(first);
    expect(resolveWebhookSecret(dir, 'configured-secret-0123')).toBe('configured-secret-0123');
  });

  it('refuses a kept file that is too short rather than silently replacing it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'webhook-secret'), 'abc\n');
    expect(() => resolveWebhookSecret(dir, undefined)).toThrow(/fewer than 16/);
  });

  it('compares whole secrets only', () => {
    expect(secretMatches('s3cret-s3cret-s3cret', 's3cret-s3cret-s3cret')).toBe(true);
    expect(secretMatches('s3cret-s3cret-s3cre', 's3cret-s3cret-s3cret')).toBe(false);
    expect(secretMatches('', 's3cret-s3cret-s3cret')).toBe(false);
  });
});

describe.each(testEngines())('webhook secret shared through the database on %s', (engine) => {
  it('is generated once and the same for every replica; a configured one wins', async () => {
    const { store, reopen } = await openTestStore(engine);
    const other = await reopen();
    try {
      const [a, b] = await Promise.all([
        resolveSharedWebhookSecret(store.repos.meta, undefined),
        resolveSharedWebhookSecret(other.repos.meta, undefined),
      ]);
      expect(a.length).toBeGreaterThanOrEqual(32);
      expect(b).toBe(a);
      expect(await resolveSharedWebhookSecret(other.repos.meta, 'configured-secret-0123')).toBe('configured-secret-0123');
    } finally {
      await Promise.all([store.close(), other.close()]);
    }
  });
});

const event = (seq: number, json = `{"id":"e${seq}"}`): StoredEvent => ({ seq, id: `e${seq}`, eventType: 'X', receivedAt: '', json });

/** Everything written to `stream` so far, as text. */
function collect(stream: PassThrough): () => string {
  const text: string[] = [];
  stream.on('data', (c: Buffer) => text.push(c.toString()));
  return () => text.join('');
}
const tick = () => new Promise((r) => setImmediate(r));
const ids = (text: string) => [...text.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]);

describe('live hub', () => {
  it('holds a resuming stream’s live events until its replay is written, then sends only what is newer', async () => {
    const hub = new LiveHub(60_000);
    const stream = hub.open(': live\n\n', { held: true });
    const text = collect(stream);
    hub.broadcast(event(4)); // in the replay as well
    hub.broadcast(event(6));
    await tick();
    expect(ids(text())).toEqual([]);
    hub.release(stream, [event(4), event(5)], 3);
    hub.broadcast(event(7));
    await tick();
    expect(ids(text())).toEqual(['e4', 'e5', 'e6', 'e7']);

    // Resuming on a replica whose fan-out is behind: what the client already had is not sent again.
    const behind = hub.open('', { held: true });
    const behindText = collect(behind);
    hub.broadcast(event(8));
    hub.broadcast(event(9));
    hub.release(behind, [], 8);
    await tick();
    expect(ids(behindText())).toEqual(['e9']);
  });

  it('sends heartbeats while clients are connected and forgets closed ones', async () => {
    const hub = new LiveHub(10);
    const stream = hub.open(': live\n\n');
    const text: string[] = [];
    stream.on('data', (c: Buffer) => text.push(c.toString()));
    await vi.waitFor(() => expect(text.join('')).toContain(': keep-alive'));
    expect(text.join('')).toMatch(/^: live\n\n(: keep-alive\n\n)+$/);
    hub.broadcast({ seq: 1, id: 'e1', eventType: 'X', receivedAt: '', json: '{"id":"e1"}' });
    await new Promise((r) => setImmediate(r));
    expect(text.join('')).toContain('id: e1\nevent: X\ndata: {"id":"e1"}\n\n');
    stream.destroy();
    await new Promise((r) => setImmediate(r));
    expect(hub.size).toBe(0);
  });

  it('drops a client that stops reading instead of buffering without bound', () => {
    const hub = new LiveHub(60_000);
    hub.open(''); // never read
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 40; i++) hub.broadcast({ seq: i, id: `e${i}`, eventType: 'X', receivedAt: '', json: big });
    expect(hub.size).toBe(0);
  });
});

describe('live fan-out', () => {
  /** An inbox of `rows` (seq order) that fails while `failing` is set, and the watcher the fan-out registers. */
  function harness(rows: StoredEvent[]) {
    const state: { failing: boolean; reads: number; watcher: InboxWatcher | undefined } = { failing: false, reads: 0, watcher: undefined };
    const sent: number[] = [];
    const hub = new (class extends LiveHub {
      override broadcast(e: StoredEvent): void {
        sent.push(e.seq);
      }
    })(60_000);
    const fanOut = new LiveFanOut({
      inbox: {
        latestSeq: async () => rows.at(-1)?.seq ?? 0,
        oldestAfter: async (seq, limit) => {
          state.reads += 1;
          if (state.failing) throw new Error('database away');
          return rows.filter((r) => r.seq > seq).slice(0, limit);
        },
      },
      hub,
      watch: async (watcher) => {
        state.watcher = watcher;
        return { listening: true, stop: async () => undefined };
      },
      log: () => undefined,
    });
    return { state, sent, fanOut, wake: (seq?: number) => state.watcher?.onNew(seq) };
  }

  it('sends what was stored after it started, once, in seq order, whatever the wake-ups', async () => {
    const rows = [event(1), event(2)];
    const { sent, fanOut, wake } = harness(rows);
    await fanOut.start();
    rows.push(event(3), event(5));
    wake(5);
    wake(3); // an echo of the same rows (its own NOTIFY), or a late one
    wake(undefined); // a reconnect
    await vi.waitFor(() => expect(sent).toEqual([3, 5]));
    wake(5);
    rows.push(...Array.from({ length: 450 }, (_, i) => event(6 + i)));
    wake(undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(452));
    expect(sent).toEqual([3, 5, ...Array.from({ length: 450 }, (_, i) => 6 + i)]);
    await fanOut.stop();
  });

  it('reads again after a failed read', async () => {
    const rows: StoredEvent[] = [];
    const { state, sent, fanOut, wake } = harness(rows);
    await fanOut.start();
    state.failing = true;
    rows.push(event(1));
    wake(1);
    await vi.waitFor(() => expect(state.reads).toBe(1));
    state.failing = false;
    await vi.waitFor(() => expect(sent).toEqual([1]), { timeout: 3_000 });
    await fanOut.stop();
  });
});

describe('LIVE_EVENTS=off', () => {
  it('has no webhook receiver and says so on /api/live; /api/events still answers', async () => {
    const bff = await startBff(
      { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', LIVE_EVENTS: 'off' },
      { verifyUserToken: async () => ({ sub: 'u', name: 'U', roles: ['clerk'], tenantId: 't' }) },
    );
    try {
      const auth = { authorization: 'Bearer x' };
      const live = await fetch(`${bff.url}/api/live`, { headers: auth });
      expect(live.status).toBe(404);
      expect(await live.text()).toContain('LIVE_EVENTS=off');
      expect(
        (await fetch(`${bff.url}/webhooks/customs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
          .status,
      ).toBe(404);
      expect((await fetch(`${bff.url}/api/events?declarationId=d-1`, { headers: auth })).status).toBe(200);
      expect(await (await fetch(`${bff.url}/readyz`)).json()).toMatchObject({ live: { enabled: false } });
    } finally {
      await bff.close();
    }
  });
});
