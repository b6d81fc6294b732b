import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { NewApprovalRequest } from './approval-requests.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const CLERK = { sub: 'clerk-1', name: 'Clara Clerk' };
const SUP = { sub: 'sup-1', name: 'Sam Supervisor' };
const T0 = new Date('2026-11-27T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const held = (id: string, over: Partial<NewApprovalRequest> = {}): NewApprovalRequest => ({
  id,
  operation: 'POST /v1/declarations/{declarationId}/submit',
  declarationId: 'D-1',
  method: 'POST',
  target: '/v1/declarations/D-1/submit',
  path: '/v1/declarations/D-1/submit',
  contentType: null,
  body: null,
  requester: { ...CLERK, roles: ['clerk'] },
  createdAt: T0.toISOString(),
  expiresAt: at(60).toISOString(),
  rule: { index: 0, description: 'High value', approverRoles: ['supervisor'] },
  facts: [{ condition: 'Customs value at least 100000 EUR', value: '120000 EUR' }],
  ...over,
});

describe.each(testEngines())('approval requests repository on %s', (engine) => {
  it('keeps the held call, lists pending first, and reads a request past its expiry as expired', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const repo = store.repos.approvalRequests;
    const body = JSON.stringify({ reason: 'Duplicate — ünïcode' });
    await repo.create(held('a', { createdAt: at(0).toISOString() }));
    await repo.create(
      held('b', {
        createdAt: at(1).toISOString(),
        declarationId: 'D-2',
        contentType: 'application/json',
        body,
        operation: 'POST /v1/declarations/{declarationId}/invalidate',
      }),
    );
    await repo.create(held('c', { createdAt: at(2).toISOString(), expiresAt: at(5).toISOString() }));
    expect(await repo.heldCall('b')).toMatchObject({ contentType: 'application/json', body });
    expect((await repo.reject('a', SUP, 'Wrong value', at(3))).changed).toBe(true);

    const listed = await repo.list({ limit: 10 }, at(4));
    expect(listed.map((r) => [r.id, r.status])).toEqual([
      ['c', 'pending'],
      ['b', 'pending'],
      ['a', 'rejected'],
    ]);
    expect(listed[0]).toMatchObject({
      ageSeconds: 120,
      requester: { ...CLERK, roles: ['clerk'] },
      facts: [{ value: '120000 EUR' }],
      decision: null,
    });
    expect(listed[2]?.decision).toEqual({ by: SUP, at: at(3).toISOString(), comment: 'Wrong value' });
    expect((await repo.list({ limit: 10, declarationId: 'D-2' }, at(4))).map((r) => r.id)).toEqual(['b']);

    // Past its expiry: expired, and nobody can decide on it any more.
    expect((await repo.list({ limit: 10, status: 'expired' }, at(6))).map((r) => r.id)).toEqual(['c']);
    expect(await repo.claim('c', SUP, null, at(6))).toMatchObject({ changed: false, request: { status: 'expired' } });
  });

  it('lets exactly one of two replicas claim a request, and only the requester withdraw one', async () => {
    const { store, reopen } = await openTestStore(engine);
    opened.push(store);
    const other = await reopen();
    opened.push(other);
    await store.repos.approvalRequests.create(held('x'));
    await store.repos.approvalRequests.create(held('y'));
    const claims = await Promise.all([
      store.repos.approvalRequests.claim('x', SUP, 'ok', at(1)),
      other.repos.approvalRequests.claim('x', { sub: 'sup-2', name: 'Sue' }, null, at(1)),
      store.repos.approvalRequests.claim('x', SUP, 'ok', at(1)),
    ]);
    expect(claims.filter((c) => c.changed)).toHaveLength(1);
    expect(await other.repos.approvalRequests.reject('x', SUP, 'late', at(2))).toMatchObject({
      changed: false,
      request: { status: 'sending' },
    });
    const sent = await other.repos.approvalRequests.finishSending('x', {
      status: 'sent',
      upstreamStatus: 202,
      referenceId: 'ref-1',
      outcomeDetail: null,
    });
    expect(sent).toMatchObject({ status: 'sent', upstreamStatus: 202, referenceId: 'ref-1' });

    expect((await store.repos.approvalRequests.withdraw('y', SUP, at(1))).changed).toBe(false);
    expect(await store.repos.approvalRequests.withdraw('y', CLERK, at(1))).toMatchObject({
      changed: true,
      request: { status: 'withdrawn', decision: { by: CLERK } },
    });
  });
});
