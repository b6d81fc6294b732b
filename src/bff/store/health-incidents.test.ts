import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const failing = { kind: 'service-failing', since: '2026-11-28T10:00:00.000Z', lastEventAt: null, lastError: 'HTTP 503' } as const;

describe.each(testEngines())('health incidents on %s', (engine) => {
  it('opens one incident per kind however many replicas try at once, and closes it once', async () => {
    const { store, reopen } = await openTestStore(engine);
    const replica = engine === 'postgres' ? await reopen() : store;
    opened.push(store, ...(replica === store ? [] : [replica]));
    const repos = [store.repos.healthIncidents, replica.repos.healthIncidents];

    const tries = await Promise.all(
      [store, replica, store, replica].map((s) => s.repos.healthIncidents.open(failing, '2026-11-28T10:01:00.000Z')),
    );
    const winners = tries.filter((t) => t !== undefined);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ kind: 'service-failing', closedAt: null, since: failing.since, lastError: 'HTTP 503' });
    // Another kind opens beside it.
    expect(
      await store.repos.healthIncidents.open(
        { kind: 'events-silent', since: '2026-11-28T09:00:00.000Z', lastEventAt: '2026-11-28T08:00:00.000Z', lastError: null },
        '2026-11-28T10:02:00.000Z',
      ),
    ).toMatchObject({ kind: 'events-silent', lastEventAt: '2026-11-28T08:00:00.000Z' });
    expect(await replica.repos.healthIncidents.latest('service-failing')).toEqual(winners[0]);

    const closes = await Promise.all(repos.map((r) => r.close('service-failing', '2026-11-28T10:05:00.000Z')));
    expect(closes.filter((c) => c !== undefined)).toEqual([{ ...winners[0], closedAt: '2026-11-28T10:05:00.000Z' }]);
    expect((await store.repos.healthIncidents.latest('service-failing'))?.closedAt).toBe('2026-11-28T10:05:00.000Z');

    // Once closed, the kind can open again: a new incident.
    const again = await store.repos.healthIncidents.open(failing, '2026-11-28T11:00:00.000Z');
    expect(again?.id).not.toBe(winners[0]?.id);
  });

  it('lists the open incidents first, then those closed since a time, newest first', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const incidents = store.repos.healthIncidents;
    await incidents.open(failing, '2026-11-27T08:00:00.000Z');
    await incidents.close('service-failing', '2026-11-27T08:10:00.000Z');
    await incidents.open(failing, '2026-11-28T09:00:00.000Z');
    await incidents.close('service-failing', '2026-11-28T09:10:00.000Z');
    await incidents.open({ ...failing, kind: 'events-silent' }, '2026-11-28T08:00:00.000Z');
    await incidents.open(failing, '2026-11-28T10:00:00.000Z');

    const recent = await incidents.recent('2026-11-28T00:00:00.000Z', 10);
    expect(recent.map((i) => [i.kind, i.openedAt, i.closedAt])).toEqual([
      ['service-failing', '2026-11-28T10:00:00.000Z', null],
      ['events-silent', '2026-11-28T08:00:00.000Z', null],
      ['service-failing', '2026-11-28T09:00:00.000Z', '2026-11-28T09:10:00.000Z'],
    ]);
  });
});

describe.each(testEngines())('event activity on %s', (engine) => {
  it('reads the last event stored and the first declaration action the service accepted after a time', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const activity = store.repos.eventActivity;
    expect(await activity.lastReceivedAt()).toBeNull();
    expect(await activity.firstActionSentAfter(null)).toBeNull();

    const event = (id: string) => ({
      id,
      tenantId: 't',
      eventTime: '2026-11-28T09:00:00Z',
      eventType: 'DeclarationStatusChanged',
      data: {},
    });
    await store.repos.eventInbox.receive(event('e-1'), new Date('2026-11-28T09:00:00.000Z'));
    await store.repos.eventInbox.receive(event('e-2'), new Date('2026-11-28T09:05:00.000Z'));
    expect(await activity.lastReceivedAt()).toBe('2026-11-28T09:05:00.000Z');

    const audit = (time: string, operation: string, upstreamStatus: number | null) =>
      store.repos.auditLog.record({
        time,
        sub: 'clara',
        name: 'Clara Clerk',
        role: 'clerk',
        method: operation.split(' ')[0] ?? 'POST',
        path: '/v1/declarations/D-1/x',
        operation,
        upstreamStatus,
        referenceId: null,
        requestId: 'r',
      });
    await audit('2026-11-28T09:04:00.000Z', 'POST /v1/declarations/{declarationId}/validate', 202);
    // Not actions the service answers with an event, or refused: not counted.
    await audit('2026-11-28T09:06:00.000Z', 'PATCH /v1/declarations/{declarationId}', 200);
    await audit('2026-11-28T09:07:00.000Z', 'POST /v1/declarations/{declarationId}/submit', 409);
    await audit('2026-11-28T09:08:00.000Z', 'POST /v1/declarations/{declarationId}/submit', null);
    await audit('2026-11-28T09:09:00.000Z', 'POST /v1/declarations/{declarationId}/submit', 202);
    await audit('2026-11-28T09:10:00.000Z', 'POST /v1/declarations/{declarationId}/generateDocument', 202);

    expect(await activity.firstActionSentAfter(null)).toBe('2026-11-28T09:04:00.000Z');
    expect(await activity.firstActionSentAfter('2026-11-28T09:05:00.000Z')).toBe('2026-11-28T09:09:00.000Z');
    expect(await activity.firstActionSentAfter('2026-11-28T09:10:00.000Z')).toBeNull();
  });
});
