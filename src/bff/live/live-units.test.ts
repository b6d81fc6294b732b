import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBffDatabase } from '../store/db.js';
import { startBff } from '../test-support/start-bff.js';
import { EventInbox } from './event-inbox.js';
import { LiveHub } from './live-hub.js';
import { resolveWebhookSecret, secretMatches } from './webhook-secret.js';

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

describe('event inbox', () => {
  const envelope = (id: string, eventTime: string, declarationId = 'd-1', eventType = 'DeclarationStatusChanged') => ({
    id,
    tenantId: 't',
    eventTime,
    eventType,
    eventSubType: 'Released',
    data: { id: declarationId },
  });

  it('stores each id once, orders a declaration by event time whatever the precision, and replays after an id', () => {
    const db = openBffDatabase(tempDir());
    const inbox = new EventInbox(db);
    // Delivered out of order, one twice; 7 fractional digits and an offset, as the vendor may send.
    expect(inbox.receive(envelope('b', '2025-03-04T05:06:07.8910000Z'))).toBeDefined();
    expect(inbox.receive(envelope('a', '2025-03-04T05:06:07.89Z'))).toBeDefined();
    expect(inbox.receive(envelope('b', '2025-03-04T05:06:07.8910000Z'))).toBeUndefined();
    // 04:06:07.5Z: the oldest, though it sorts last as text.
    expect(inbox.receive(envelope('c', '2025-03-04T06:06:07.5+02:00'))).toBeDefined();
    expect(inbox.receive(envelope('m', '2025-03-04T05:06:09Z', 'mo-1', 'MovementOrderStatusChanged'))).toBeDefined();
    expect(inbox.forDeclaration('d-1', 10).map((e) => e.event.id)).toEqual(['b', 'a', 'c']);
    expect(inbox.forDeclaration('mo-1', 10)).toEqual([]);
    expect(inbox.after('b', 10)?.map((e) => e.id)).toEqual(['a', 'c', 'm']);
    expect(inbox.after('b', 2)?.map((e) => e.id)).toEqual(['c', 'm']);
    expect(inbox.after('unknown', 10)).toBeUndefined();
    db.close();
  });
});

describe('live hub', () => {
  it('sends heartbeats while clients are connected and forgets closed ones', async () => {
    const hub = new LiveHub(10);
    const stream = hub.open(': live\n\n');
    const text: string[] = [];
    stream.on('data', (c: Buffer) => text.push(c.toString()));
    await new Promise((r) => setTimeout(r, 50));
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

describe('LIVE_EVENTS=off', () => {
  it('has no webhook receiver and says so on /api/live; /api/events still answers', async () => {
    const bff = await startBff({ UPSTREAM_BASE_URL: 'http://127.0.0.1:9', LIVE_EVENTS: 'off' }, { verifyUserToken: async () => ({ sub: 'u', name: 'U', roles: ['clerk'], tenantId: 't' }) });
    try {
      const auth = { authorization: 'Bearer x' };
      const live = await fetch(`${bff.url}/api/live`, { headers: auth });
      expect(live.status).toBe(404);
      expect(await live.text()).toContain('LIVE_EVENTS=off');
      expect((await fetch(`${bff.url}/webhooks/customs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
      expect((await fetch(`${bff.url}/api/events?declarationId=d-1`, { headers: auth })).status).toBe(200);
      expect(await (await fetch(`${bff.url}/readyz`)).json()).toMatchObject({ live: { enabled: false } });
    } finally {
      await bff.close();
    }
  });
});
