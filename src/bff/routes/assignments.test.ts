import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentHistorySchema, assignmentListSchema, bulkAssignResultSchema, peopleListSchema } from '../../contract/assignments.js';
import { auditListSchema } from '../../contract/audit.js';
import { declarationSearchResultSchema } from '../../contract/declarations.js';
import { workQueueSchema } from '../../contract/work-queue.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

// Integration test: the real sandbox (seeded), two BFF processes on one database (PostgreSQL with TEST_ENGINE=postgres: two replicas).
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let a: RunningBff;
let b: RunningBff;
let clara: string;
let colin: string;
let sam: string;
let invalid: string[];

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox(), startFakeIdentityProvider()]);
  const env = {
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  };
  a = await startBff(env);
  b = await startBff(env, { databaseUrl: a.databaseUrl, dataDir: a.dataDir });
  [clara, colin, sam] = await Promise.all([
    idp.token({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk'] }),
    idp.token({ sub: 'colin', name: 'Colin Clerk', roles: ['clerk'] }),
    idp.token({ sub: 'sam', name: 'Sam Supervisor', roles: ['supervisor'] }),
  ]);
  invalid = declarationSearchResultSchema
    .parse(await (await sandbox.call('/v1/declarations/search?currentStatus=Invalid&limit=3')).json())
    .map((d) => d.declarationId);
  expect(invalid).toHaveLength(3);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await idp?.close();
  await sandbox?.close();
});

const api = (bff: RunningBff, token: string, path: string, init: RequestInit & { json?: unknown } = {}) => {
  const { json, ...rest } = init;
  return fetch(`${bff.url}/api${path}`, {
    ...rest,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
};
const assign = (bff: RunningBff, token: string, declarationId: string, ownerSub: string) =>
  api(bff, token, `/assignments/${declarationId}`, { method: 'PUT', json: { ownerSub } });
const ownerOf = async (bff: RunningBff, declarationId: string) =>
  assignmentListSchema.parse(await (await api(bff, sam, `/assignments?declarationId=${declarationId}`)).json()).assignments[0]?.ownerName ??
  null;

describe('work ownership', () => {
  it('knows the people who signed in, on every replica, for the person picker', async () => {
    await Promise.all([api(a, clara, '/sla-targets'), api(b, colin, '/sla-targets')]);
    const people = peopleListSchema.parse(await (await api(b, sam, '/people')).json()).people;
    expect(people.map((p) => [p.sub, p.name, p.roles])).toEqual([
      ['clara', 'Clara Clerk', ['clerk']],
      ['colin', 'Colin Clerk', ['clerk']],
      ['sam', 'Sam Supervisor', ['supervisor']],
    ]);
    expect(await (await api(a, clara, '/people/me')).json()).toEqual({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk'] });
  });

  it('lets a clerk take declarations (one and in bulk) and find them in My work on the other replica, oldest first with a due time', async () => {
    const [d1, d2] = invalid;
    const one = await assign(a, clara, d1 ?? '', 'clara');
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      assignment: { declarationId: d1, ownerSub: 'clara', ownerName: 'Clara Clerk', assignedByName: 'Clara Clerk' },
    });
    const bulk = await api(a, clara, '/assignments/bulk', {
      method: 'POST',
      json: { declarationIds: [d2, 'no-such-declaration'], ownerSub: 'clara' },
    });
    expect(bulkAssignResultSchema.parse(await bulk.json()).results).toEqual([
      { declarationId: d2, ok: true },
      { declarationId: 'no-such-declaration', ok: false, detail: 'The service has no declaration with this id.' },
    ]);
    expect(await ownerOf(b, d2 ?? '')).toBe('Clara Clerk');

    const mine = workQueueSchema.parse(await (await api(b, clara, '/my-work')).json());
    expect(mine.complete).toBe(true);
    expect(mine.items.map((i) => i.declarationId).sort()).toEqual([d1, d2].sort());
    for (const item of mine.items) {
      expect(item).toMatchObject({ currentStatus: 'Invalid', need: 'fix', owner: { sub: 'clara', name: 'Clara Clerk' } });
      // The default target for a fix: 4 hours after the declaration entered Invalid.
      expect(Date.parse(item.dueAt) - Date.parse(item.enteredStatusAt)).toBe(4 * 60 * 60_000);
    }
    const entered = mine.items.map((i) => Date.parse(i.enteredStatusAt));
    expect(entered).toEqual([...entered].sort((x, y) => x - y));
    expect(workQueueSchema.parse(await (await api(a, colin, '/my-work')).json()).items).toEqual([]);
  });

  it('keeps clerks to their own work: no assigning others, no taking or dropping what someone else owns', async () => {
    const [d1] = invalid;
    expect((await assign(a, clara, d1 ?? '', 'colin')).status).toBe(403);
    const taken = await assign(b, colin, d1 ?? '', 'colin');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ detail: 'Clara Clerk owns this declaration: a supervisor can reassign it.' });
    expect((await api(b, colin, `/assignments/${d1}`, { method: 'DELETE' })).status).toBe(409);
    expect((await api(a, colin, '/work-queue')).status).toBe(403);
    expect(await ownerOf(a, d1 ?? '')).toBe('Clara Clerk');
  });

  it('lets a supervisor see every queue and the unassigned pile, reassign and unassign, with who and when in the history and the audit trail', async () => {
    const [d1, , d3] = invalid;
    const team = workQueueSchema.parse(await (await api(a, sam, '/work-queue')).json());
    expect(team.items.find((i) => i.declarationId === d1)?.owner).toEqual({ sub: 'clara', name: 'Clara Clerk' });
    expect(team.items.find((i) => i.declarationId === d3)?.owner).toBeNull();
    expect(team.items.every((i) => ['fix', 'submit', 'arrival', 'receipt'].includes(i.need))).toBe(true);

    expect((await assign(b, sam, d1 ?? '', 'colin')).status).toBe(200);
    expect(await ownerOf(a, d1 ?? '')).toBe('Colin Clerk');
    expect((await api(a, colin, `/assignments/${d1}`, { method: 'DELETE' })).status).toBe(204);
    expect(await ownerOf(b, d1 ?? '')).toBeNull();

    const history = assignmentHistorySchema.parse(await (await api(b, clara, `/assignments/${d1}/history`)).json()).changes;
    expect(history.map((c) => [c.action, c.ownerName, c.previousOwnerName, c.byName])).toEqual([
      ['unassigned', null, 'Colin Clerk', 'Colin Clerk'],
      ['reassigned', 'Colin Clerk', 'Clara Clerk', 'Sam Supervisor'],
      ['assigned', 'Clara Clerk', null, 'Clara Clerk'],
    ]);
    const audit = auditListSchema.parse(
      await (await api(a, sam, `/audit?path=${encodeURIComponent(`/api/assignments/${d1}`)}`)).json(),
    ).entries;
    expect(audit.map((e) => [e.operation, e.name, e.referenceId])).toEqual([
      ['DELETE /api/assignments/{declarationId}', 'Colin Clerk', null],
      ['PUT /api/assignments/{declarationId}', 'Sam Supervisor', 'Colin Clerk'],
      ['PUT /api/assignments/{declarationId}', 'Clara Clerk', 'Clara Clerk'],
    ]);
  });

  it('answers bad input with a problem document', async () => {
    const [d1] = invalid;
    const cases: [Response, number][] = [
      [await assign(a, sam, d1 ?? '', 'never-signed-in'), 422],
      [await assign(a, clara, 'no-such-declaration', 'clara'), 404],
      [await api(a, clara, `/assignments/${d1}`, { method: 'PUT', json: { ownerSub: '' } }), 400],
      [await api(a, clara, `/assignments/${d1}`, { method: 'PUT', json: { ownerSub: 'clara', extra: 1 } }), 400],
      [await api(a, clara, '/assignments/bulk', { method: 'POST', json: { declarationIds: [], ownerSub: 'clara' } }), 400],
    ];
    for (const [res, status] of cases) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});
