import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import { PENDING_UNKNOWN_AFTER_MS } from './audit-log.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const entry = (path: string, over: Partial<Omit<AuditEntry, 'id'>> = {}): Omit<AuditEntry, 'id'> => ({
  outcome: 'answered',
  status: over.upstreamStatus === undefined ? 202 : over.upstreamStatus,
  time: '2025-03-04T05:06:07.000Z',
  sub: 'sup-1',
  name: 'Sam Supervisor',
  role: 'supervisor',
  method: 'POST',
  path,
  operation: 'POST /v1/declarations/{declarationId}/validate',
  upstreamStatus: 202,
  referenceId: 'ref-1',
  requestId: 'req-1',
  ...over,
});

describe.each(testEngines())('audit log repository on %s', (engine) => {
  it('records entries and lists them by path prefix, newest first, limited', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const audit = store.repos.auditLog;
    await audit.record(entry('/v1/declarations/D-1/validate'));
    await audit.record(entry('/v1/declarations/D-1/submit', { upstreamStatus: null, referenceId: null }));
    await audit.record(entry('/v1/declarations/D-10/submit'));
    await audit.record(entry('/v1/subscriptions'));

    const d1 = await audit.list('/v1/declarations/D-1/', 10);
    expect(d1.map((e) => e.path)).toEqual(['/v1/declarations/D-1/submit', '/v1/declarations/D-1/validate']);
    expect(d1[0]).toEqual({
      ...entry('/v1/declarations/D-1/submit', { upstreamStatus: null, referenceId: null }),
      id: expect.any(Number) as number,
    });
    expect(d1[1]?.upstreamStatus).toBe(202);
    expect((await audit.list('/v1/declarations/D-1', 10)).map((e) => e.path)).toHaveLength(3);
    expect((await audit.list('', 2)).map((e) => e.path)).toEqual(['/v1/subscriptions', '/v1/declarations/D-10/submit']);
  });

  it('takes the prefix literally: no wildcards, case-sensitive', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const audit = store.repos.auditLog;
    await audit.record(entry('/v1/declarations/D_1/submit'));
    await audit.record(entry('/v1/declarations/DX1/submit'));
    await audit.record(entry('/v1/declarations/d%1/submit'));
    expect((await audit.list('/v1/declarations/D_', 10)).map((e) => e.path)).toEqual(['/v1/declarations/D_1/submit']);
    expect((await audit.list('/v1/declarations/d%', 10)).map((e) => e.path)).toEqual(['/v1/declarations/d%1/submit']);
    expect(await audit.list('/V1/', 10)).toEqual([]);
    expect(await audit.list('%', 10)).toEqual([]);
  });
});

describe.each(testEngines())('audit intents on %s', (engine) => {
  const intent = {
    time: new Date().toISOString(),
    sub: 'c',
    name: 'C',
    role: 'clerk',
    method: 'POST',
    path: '/v1/customsshipments',
    operation: 'POST /v1/customsshipments',
    requestId: 'r',
  };

  it('records an intent as pending, completes it once, and reads a pending one past the limit as unknown', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const audit = store.repos.auditLog;
    const id = await audit.begin(intent);
    expect((await audit.list('', 10))[0]).toMatchObject({ id, outcome: 'pending', status: null });
    expect((await audit.list('', 10, Date.now() + PENDING_UNKNOWN_AFTER_MS + 1_000))[0]?.outcome).toBe('unknown');
    const done = { time: new Date().toISOString(), outcome: 'answered', upstreamStatus: 202, referenceId: 'ref', status: 202 } as const;
    await audit.complete(id, done);
    await audit.complete(id, { ...done, upstreamStatus: 500, status: 500 });
    expect((await audit.list('', 10))[0]).toMatchObject({ id, outcome: 'answered', upstreamStatus: 202, referenceId: 'ref', status: 202 });
  });

  it('marks intents left pending before a time as unknown (a restart after a crash), leaving later ones alone', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const audit = store.repos.auditLog;
    await audit.begin({ ...intent, time: '2025-01-01T00:00:00.000Z', requestId: 'old' });
    await audit.begin({ ...intent, time: '2025-01-03T00:00:00.000Z', requestId: 'new' });
    expect(await audit.abandonPending('2025-01-02T00:00:00.000Z')).toBe(1);
    const rows = await audit.list('', 10, Date.parse('2025-01-03T00:00:01.000Z'));
    expect(rows.map((r) => [r.requestId, r.outcome])).toEqual([
      ['new', 'pending'],
      ['old', 'unknown'],
    ]);
  });
});

describe.skipIf(!testEngines().includes('postgres'))('audit log across replicas', () => {
  it('is one log: entries written through two stores on one database are read back through either', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    await first.store.repos.auditLog.record(entry('/v1/declarations/D-1/validate', { requestId: 'a' }));
    await second.repos.auditLog.record(entry('/v1/declarations/D-1/submit', { requestId: 'b' }));
    for (const store of [first.store, second]) {
      expect((await store.repos.auditLog.list('/v1/declarations/D-1/', 10)).map((e) => e.requestId)).toEqual(['b', 'a']);
    }
  });
});
