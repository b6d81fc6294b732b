import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const clara = { sub: 'clara', name: 'Clara Clerk' };
const colin = { sub: 'colin', name: 'Colin Clerk' };
const sam = { sub: 'sam', name: 'Sam Supervisor' };
const always = () => true;

describe.each(testEngines())('assignments repository on %s', (engine) => {
  it('keeps one owner per declaration and the history of assign, reassign and unassign, newest first', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const repo = store.repos.assignments;
    const first = await repo.assign('D-1', clara, clara, '2026-11-27T08:00:00.000Z', always);
    expect(first).toMatchObject({
      kind: 'changed',
      assignment: { declarationId: 'D-1', ownerSub: 'clara', ownerName: 'Clara Clerk', assignedByName: 'Clara Clerk' },
    });
    expect(await repo.assign('D-1', clara, sam, '2026-11-27T08:01:00.000Z', always)).toMatchObject({ kind: 'unchanged' });
    await repo.assign('D-1', colin, sam, '2026-11-27T09:00:00.000Z', always);
    await repo.assign('D-2', clara, clara, '2026-11-27T07:00:00.000Z', always);
    await repo.unassign('D-1', sam, '2026-11-27T10:00:00.000Z', always);
    expect(await repo.unassign('D-1', sam, '2026-11-27T10:01:00.000Z', always)).toEqual({ kind: 'unchanged', assignment: undefined });

    expect(
      (await repo.history('D-1', 10)).map(({ action, ownerName, previousOwnerName, byName }) => ({
        action,
        ownerName,
        previousOwnerName,
        byName,
      })),
    ).toEqual([
      { action: 'unassigned', ownerName: null, previousOwnerName: 'Colin Clerk', byName: 'Sam Supervisor' },
      { action: 'reassigned', ownerName: 'Colin Clerk', previousOwnerName: 'Clara Clerk', byName: 'Sam Supervisor' },
      { action: 'assigned', ownerName: 'Clara Clerk', previousOwnerName: null, byName: 'Clara Clerk' },
    ]);
    expect(await repo.forDeclarations(['D-1', 'D-2', 'D-3'])).toEqual([
      {
        declarationId: 'D-2',
        ownerSub: 'clara',
        ownerName: 'Clara Clerk',
        assignedByName: 'Clara Clerk',
        assignedAt: '2026-11-27T07:00:00.000Z',
      },
    ]);
    await repo.assign('D-3', clara, clara, '2026-11-27T11:00:00.000Z', always);
    expect((await repo.byOwner('clara')).map((a) => a.declarationId)).toEqual(['D-2', 'D-3']);
    expect((await repo.all()).map((a) => a.declarationId)).toEqual(['D-2', 'D-3']);
  });

  it('refuses a change its rule forbids given the current owner, writing nothing', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const repo = store.repos.assignments;
    await repo.assign('D-1', clara, clara, '2026-11-27T08:00:00.000Z', always);
    const onlyUnowned = (current: { ownerSub: string } | undefined) => current === undefined;
    expect(await repo.assign('D-1', colin, colin, '2026-11-27T08:05:00.000Z', onlyUnowned)).toMatchObject({
      kind: 'refused',
      current: { ownerSub: 'clara' },
    });
    expect(await repo.unassign('D-1', colin, '2026-11-27T08:05:00.000Z', (c) => c?.ownerSub === 'colin')).toMatchObject({
      kind: 'refused',
    });
    expect(await repo.history('D-1', 10)).toHaveLength(1);
    expect((await repo.forDeclarations(['D-1']))[0]?.ownerSub).toBe('clara');
  });

  it('lets exactly one of many simultaneous takers of an unowned declaration win, from any replica', async () => {
    const { store, reopen } = await openTestStore(engine);
    opened.push(store);
    const other = engine === 'postgres' ? await reopen() : store;
    if (other !== store) opened.push(other);
    const takers = Array.from({ length: 6 }, (_, i) => ({ sub: `c${i}`, name: `Clerk ${i}` }));
    const onlyUnowned = (current: unknown) => current === undefined;
    const outcomes = await Promise.all(
      takers.map((t, i) => (i % 2 ? other : store).repos.assignments.assign('D-9', t, t, '2026-11-27T08:00:00.000Z', onlyUnowned)),
    );
    expect(outcomes.filter((o) => o.kind === 'changed')).toHaveLength(1);
    expect(await store.repos.assignments.history('D-9', 10)).toHaveLength(1);
  });
});

describe.each(testEngines())('people repository on %s', (engine) => {
  it('remembers each user once with the name and roles of their last sign-in, by name', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const people = store.repos.people;
    await people.seen({ sub: 'sam', name: 'Sam', roles: ['supervisor'] }, '2026-11-27T08:00:00.000Z');
    await people.seen({ sub: 'clara', name: 'Clara', roles: ['clerk'] }, '2026-11-27T08:00:00.000Z');
    await people.seen({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk', 'analyst'] }, '2026-11-27T09:00:00.000Z');
    expect(await people.list()).toEqual([
      { sub: 'clara', name: 'Clara Clerk', roles: ['clerk', 'analyst'], lastSeenAt: '2026-11-27T09:00:00.000Z' },
      { sub: 'sam', name: 'Sam', roles: ['supervisor'], lastSeenAt: '2026-11-27T08:00:00.000Z' },
    ]);
    expect(await people.get('nobody')).toBeUndefined();
  });
});

describe.each(testEngines())('status entry times on %s', (engine) => {
  it('give the last time each declaration entered each status, from the status events received', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    let n = 0;
    const status = (declarationId: string, subType: string, eventTime: string) =>
      store.repos.eventInbox.receive({
        id: `e${++n}`,
        tenantId: 't',
        eventTime,
        eventType: 'DeclarationStatusChanged',
        eventSubType: subType,
        data: { id: declarationId, currentStatus: subType },
      });
    await status('D-1', 'Invalid', '2026-11-27T08:00:00Z');
    await status('D-1', 'Validated', '2026-11-27T09:00:00Z');
    await status('D-1', 'Invalid', '2026-11-27T10:00:00Z');
    await status('D-2', 'CustomsError', '2026-11-27T07:00:00Z');
    await store.repos.eventInbox.receive({
      id: 'a1',
      tenantId: 't',
      eventTime: '2026-11-27T11:00:00Z',
      eventType: 'DeclarationActionFinished',
      eventSubType: 'SubmitSuccessful',
      data: { id: 'D-1' },
    });
    const entries = await store.repos.eventLog.statusEntries(['D-1', 'D-2', 'D-3']);
    const byKey = Object.fromEntries(entries.map((e) => [`${e.declarationId}/${e.status}`, new Date(e.enteredMs).toISOString()]));
    expect(byKey).toEqual({
      'D-1/Invalid': '2026-11-27T10:00:00.000Z',
      'D-1/Validated': '2026-11-27T09:00:00.000Z',
      'D-2/CustomsError': '2026-11-27T07:00:00.000Z',
    });
  });
});
