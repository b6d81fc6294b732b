import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationSchema, declarationSearchResultSchema } from '../../contract/declarations.js';
import { problemSchema } from '../../contract/problem.js';
import {
  bulkRunListSchema,
  declarationChangeListSchema,
  errorGroupDetailSchema,
  errorNoteListSchema,
  errorNoteSchema,
  rebuildJobSchema,
  reviewSummarySchema,
} from '../../contract/review.js';
// Integration test (docs/architecture.md section 7): the real sandbox with its seed, the real BFF, real webhooks.
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { freePort } from '../../server-kit/test-support/free-port.js';
import { AUTOMATIC_BUILDER } from './error-indexer.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let supervisor: string;
let clerk: string;

beforeAll(async () => {
  let port: number;
  [sandbox, idp, port] = await Promise.all([startSandbox(), startFakeIdentityProvider(), freePort()]);
  bff = await startBff(
    {
      UPSTREAM_BASE_URL: sandbox.url,
      USER_ISSUER: idp.issuer,
      USER_JWKS_URL: idp.jwksUrl,
      LIVE_EVENTS: 'on',
      WEBHOOK_SECRET: 'review-test-webhook-secret-0123456789',
    },
    { port },
  );
  [supervisor, clerk] = await Promise.all([
    idp.token({ roles: ['supervisor'], name: 'Sam Supervisor' }),
    idp.token({ roles: ['clerk'], name: 'Kim Clerk' }),
  ]);
  await bff.live.bootstrap?.whenSynced();
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${bff.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
const json = async (path: string, token: string) => {
  const res = await api(path, token);
  expect(res.status, path).toBe(200);
  return res.json() as Promise<unknown>;
};

async function reviewDeclarationIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = declarationSearchResultSchema.parse(
      await (
        await sandbox.call(`/v1/declarations/search?currentStatus=Invalid&currentStatus=CustomsError&limit=100&offset=${offset}`)
      ).json(),
    );
    for (const d of page) if (d.hasErrors) ids.add(d.declarationId);
    if (page.length < 100) return ids;
  }
}

describe('review desk', () => {
  it('builds the index by itself on a fresh install, says how far it is, and groups the errors by code, V-codes apart', async () => {
    // Nobody pressed Rebuild: the BFF has not followed this tenant from the start, so it builds the index itself.
    await expect
      .poll(async () => reviewSummarySchema.parse(await json('/api/review', supervisor)).rebuild?.startedBy, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(AUTOMATIC_BUILDER);
    const first = reviewSummarySchema.parse(await json('/api/review', supervisor));
    if (first.rebuild?.status === 'running') expect(first.complete).toBe(false);
    await expect
      .poll(async () => reviewSummarySchema.parse(await json('/api/review', supervisor)).complete, { timeout: 60_000, interval: 200 })
      .toBe(true);

    const summary = reviewSummarySchema.parse(await json('/api/review', supervisor));
    const expected = await reviewDeclarationIds();
    expect(summary.declarations).toBe(expected.size);
    expect(summary.rebuild).toMatchObject({
      status: 'done',
      startedBy: AUTOMATIC_BUILDER,
      found: expect.any(Number) as number,
      error: null,
    });
    expect(summary.rebuild?.found).toBeGreaterThanOrEqual(expected.size);
    expect(summary.rebuild?.indexed).toBe(summary.rebuild?.found);
    const kinds = new Set(summary.groups.map((g) => g.kind));
    expect(kinds).toEqual(new Set(['validation', 'customs']));
    for (const g of summary.groups) expect(g.kind === 'validation').toBe(g.errorCode.startsWith('V'));
    const counts = summary.groups.map((g) => g.declarations);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const largest = summary.groups[0]!;
    const detail = errorGroupDetailSchema.parse(await json(`/api/review/codes/${largest.errorCode}`, supervisor));
    expect(detail.declarations).toHaveLength(largest.declarations);
    const one = declarationSchema.parse(
      await (await sandbox.call(`/v1/declarations/${detail.declarations[0]!.declarationId}?include=errors`)).json(),
    );
    expect(one.errors?.map((e) => e.errorCode)).toContain(largest.errorCode);

    // Complete: asking again starts nothing.
    expect(await bff.indexer.buildIfIncomplete()).toBeUndefined();
  }, 120_000);

  it('rebuilds on demand, with progress', async () => {
    const started = await api('/api/review/rebuild', supervisor, { method: 'POST' });
    expect(started.status).toBe(202);
    expect(rebuildJobSchema.parse(await started.json())).toMatchObject({ status: 'running', startedBy: 'Sam Supervisor' });
    expect((await api('/api/review/rebuild', supervisor, { method: 'POST' })).status).toBe(409);
    await bff.indexer.rebuildDone();
    const summary = reviewSummarySchema.parse(await json('/api/review', supervisor));
    expect(summary.rebuild).toMatchObject({ status: 'done', startedBy: 'Sam Supervisor', error: null });
    expect(summary.complete).toBe(true);
  }, 120_000);

  it('builds the index again by itself when the console missed events (its subscriptions had gone)', async () => {
    const before = reviewSummarySchema.parse(await json('/api/review', supervisor)).rebuild!;
    // A sandbox reset or an expiry took the console's subscriptions: the bootstrap creates them again.
    for (const s of bff.live.bootstrap!.state.subscriptions)
      expect((await sandbox.call(`/v1/subscriptions/${s.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    await bff.live.bootstrap!.checkNow();
    await expect
      .poll(async () => reviewSummarySchema.parse(await json('/api/review', supervisor)).rebuild?.id, { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(before.id);
    const rebuilding = reviewSummarySchema.parse(await json('/api/review', supervisor));
    expect(rebuilding.rebuild?.startedBy).toBe(AUTOMATIC_BUILDER);
    await bff.indexer.rebuildDone();
    await expect
      .poll(async () => reviewSummarySchema.parse(await json('/api/review', supervisor)).complete, { timeout: 60_000, interval: 200 })
      .toBe(true);
  }, 120_000);

  it('follows the service’s events: an error the declaration gets joins its group, one it loses leaves it', async () => {
    const summary = reviewSummarySchema.parse(await json('/api/review', supervisor));
    const largest = summary.groups.find((g) => g.kind === 'validation')!;
    const target = errorGroupDetailSchema.parse(await json(`/api/review/codes/${largest.errorCode}`, supervisor)).declarations[0]!;
    const members = async (code: string) =>
      errorGroupDetailSchema.parse(await json(`/api/review/codes/${code}`, supervisor)).declarations.map((d) => d.declarationId);
    expect(await members('V1021')).not.toContain(target.declarationId);

    const patch = (sad: Record<string, unknown>) =>
      sandbox.call(`/v1/declarations/${target.declarationId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ singleAdministrativeDocument: sad }),
      });
    expect((await patch({ invoiceCurrency: 'ZZ9' })).status).toBe(202);
    await expect.poll(() => members('V1021'), { timeout: 30_000, interval: 200 }).toContain(target.declarationId);
    expect((await patch({ invoiceCurrency: 'EUR' })).status).toBe(202);
    await expect.poll(() => members('V1021'), { timeout: 30_000, interval: 200 }).not.toContain(target.declarationId);
  }, 90_000);

  it('is the supervisors’: a clerk is refused the desk and its rebuild', async () => {
    expect((await api('/api/review', clerk)).status).toBe(403);
    const refused = await api('/api/review/rebuild', clerk, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(problemSchema.parse(await refused.json()).detail).toContain('POST /api/review/rebuild');
  });

  it('keeps team notes per code with who and when, readable by every role', async () => {
    const added = await api('/api/review/notes', supervisor, {
      method: 'POST',
      body: JSON.stringify({ errorCode: 'V1003', text: '  Use the office list: GB000051.  ' }),
    });
    expect(added.status).toBe(201);
    expect(errorNoteSchema.parse(await added.json())).toMatchObject({
      errorCode: 'V1003',
      text: 'Use the office list: GB000051.',
      authorName: 'Sam Supervisor',
    });
    const notes = errorNoteListSchema.parse(await json('/api/review/notes?errorCode=V1042&errorCode=V1003', clerk)).notes;
    expect(notes.map((n) => n.text)).toContain('Use the office list: GB000051.');

    const empty = await api('/api/review/notes', supervisor, { method: 'POST', body: JSON.stringify({ errorCode: 'V1003', text: '   ' }) });
    expect(empty.status).toBe(400);
    expect(empty.headers.get('content-type')).toContain('application/problem+json');
    expect((await api('/api/review/notes', clerk)).status).toBe(400);
  });

  it('records bulk runs and lists the last ones', async () => {
    const run = {
      action: 'validate',
      startedAt: '2026-01-01T10:00:00.000Z',
      finishedAt: '2026-01-01T10:00:05.000Z',
      cancelled: false,
      rows: [{ declarationId: 'D-1', outcome: 'accepted' }],
    };
    expect((await api('/api/review/bulk-runs', clerk, { method: 'POST', body: JSON.stringify(run) })).status).toBe(201);
    expect(
      (await api('/api/review/bulk-runs', clerk, { method: 'POST', body: JSON.stringify({ ...run, action: 'invalidate' }) })).status,
    ).toBe(400);
    const runs = bulkRunListSchema.parse(await json('/api/review/bulk-runs', supervisor)).runs;
    expect(runs[0]).toMatchObject({ action: 'validate', startedBy: 'Kim Clerk', rows: run.rows });
  });

  it('keeps each header change made through the console with who, what was sent and the value before', async () => {
    const target = errorGroupDetailSchema.parse(await json('/api/review/codes/V1042', supervisor)).declarations[0]!;
    const before = declarationSchema.parse(await (await sandbox.call(`/v1/declarations/${target.declarationId}`)).json());
    const sent = { singleAdministrativeDocument: { invoiceCurrency: 'USD' } };
    const res = await api(`/api/v1/declarations/${target.declarationId}`, clerk, { method: 'PATCH', body: JSON.stringify(sent) });
    expect(res.status).toBe(202);
    const changes = declarationChangeListSchema.parse(
      await json(`/api/declaration-changes?declarationId=${target.declarationId}`, supervisor),
    ).changes;
    expect(changes[0]).toMatchObject({
      itemId: null,
      operation: 'PATCH /v1/declarations/{declarationId}',
      authorName: 'Kim Clerk',
      sent,
      upstreamStatus: 202,
    });
    expect(changes[0]?.before).toMatchObject({ invoiceCurrency: before.singleAdministrativeDocument.invoiceCurrency });
    expect(JSON.stringify(changes[0]?.before)).not.toContain('governmentAgencyGoodsItems');
    // Reads are not recorded.
    await json(`/api/v1/declarations/${target.declarationId}`, clerk);
    expect(
      declarationChangeListSchema.parse(await json(`/api/declaration-changes?declarationId=${target.declarationId}`, clerk)).changes,
    ).toHaveLength(1);
  });
});
