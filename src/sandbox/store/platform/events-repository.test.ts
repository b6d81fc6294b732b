import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Engine } from '../../../server-kit/database/engine.js';
import { createTestDatabase, testEngines } from '../../../server-kit/database/test-databases.js';
import { openSandboxStore, type SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import type { EventEnvelope } from './events-repository.js';

const stores: SandboxStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function eventsOn(engine: Engine) {
  const { store } = await openTestStore(engine);
  stores.push(store);
  return store.repos.events;
}

let n = 0;
const envelope = (over: Partial<EventEnvelope> = {}): EventEnvelope => ({
  id: `e-${++n}`,
  tenantId: 't-1',
  eventTime: '2025-03-04T05:06:07.890Z',
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Released',
  data: { id: 'D1', nested: { a: [1, 2] } },
  ...over,
});

describe.each(testEngines())('events repository on %s', (engine) => {
  it('stores envelopes as published, numbered in publication order by the database', async () => {
    const events = await eventsOn(engine);
    const a = envelope({ plantId: 'PLANT-7' });
    const b = envelope({ tenantId: 't-2', eventSubType: '' });
    const c = envelope({ eventType: 'DeclarationPdfCreated' });
    const seqs = [await events.insert(a), await events.insert(b), await events.insert(c)];
    expect(seqs[1]).toBeGreaterThan(seqs[0] ?? Infinity);
    expect(seqs[2]).toBeGreaterThan(seqs[1] ?? Infinity);

    expect(await events.get(a.id)).toEqual(a);
    expect(await events.get(b.id)).toEqual(b);
    expect(await events.get('nope')).toBeUndefined();
    expect((await events.list()).map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect((await events.list({ tenantId: 't-1' })).map((e) => e.id)).toEqual([a.id, c.id]);
    expect((await events.list({ eventType: 'DeclarationPdfCreated' })).map((e) => e.id)).toEqual([c.id]);
    expect((await events.list({ afterSeq: seqs[0], limit: 1 })).map((e) => e.id)).toEqual([b.id]);
    expect((await events.list({ tenantId: 't-2' }))[0]).toEqual({ ...b, seq: seqs[1] });
  });

  it('gives concurrent publishers distinct numbers', async () => {
    const events = await eventsOn(engine);
    const seqs = await Promise.all(Array.from({ length: 20 }, () => events.insert(envelope())));
    expect(new Set(seqs).size).toBe(20);
  });
});

describe.runIf(testEngines().includes('postgres'))('events repository, two processes on one PostgreSQL database', () => {
  it('numbers the events of both without collision', async () => {
    const url = await createTestDatabase();
    const open = async () => {
      const { store } = await openSandboxStore({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'sandbox-events-')) });
      stores.push(store);
      return store.repos.events;
    };
    const [first, second] = [await open(), await open()];
    const seqs = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).insert(envelope())));
    expect(new Set(seqs).size).toBe(40);
  });
});

describe('events table of a release before plant_id (SQLite)', () => {
  it('gets the column and keeps its events', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-old-'));
    const old = await connect({ url: undefined, dataDir, fileName: 'sandbox.sqlite', applicationName: 'test' });
    await sql`CREATE TABLE events (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, event_time TEXT NOT NULL, event_type TEXT NOT NULL, event_sub_type TEXT, data TEXT NOT NULL, seq INTEGER NOT NULL)`.execute(
      old.db,
    );
    await sql`INSERT INTO events VALUES ('old', 't', '2024-01-01T00:00:00.000Z', 'X', '', '{}', 4)`.execute(old.db);
    await old.db.destroy();

    const { store } = await openSandboxStore({ databaseUrl: undefined, dataDir });
    stores.push(store);
    expect(await store.repos.events.get('old')).toEqual({
      id: 'old',
      tenantId: 't',
      eventTime: '2024-01-01T00:00:00.000Z',
      eventType: 'X',
      eventSubType: '',
      data: {},
    });
    const next = envelope({ plantId: 'P' });
    expect(await store.repos.events.insert(next)).toBe(5);
    expect((await store.repos.events.get(next.id))?.plantId).toBe('P');
  });
});
