import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dashboardSchema, type Dashboard } from '../../contract/dashboard.js';
import { declarationSchema, declarationSearchResultSchema } from '../../contract/declarations.js';
import { problemSchema } from '../../contract/problem.js';
// Integration test (docs/architecture.md section 7): the real sandbox with its seed, the real BFF, real webhooks.
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { freePort } from '../../server-kit/test-support/free-port.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let supervisor: string;
let clerk: string;

const today = new Date().toISOString().slice(0, 10);
const from = addDays(today, -89);

beforeAll(async () => {
  let port: number;
  [sandbox, idp, port] = await Promise.all([startSandbox(), startFakeIdentityProvider(), freePort()]);
  bff = await startBff(
    {
      UPSTREAM_BASE_URL: sandbox.url,
      USER_ISSUER: idp.issuer,
      USER_JWKS_URL: idp.jwksUrl,
      LIVE_EVENTS: 'on',
      WEBHOOK_SECRET: 'dashboard-test-webhook-secret-0123456789',
    },
    { port },
  );
  [supervisor, clerk] = await Promise.all([
    idp.token({ roles: ['supervisor'], name: 'Sam Supervisor' }),
    idp.token({ roles: ['clerk'], name: 'Kim Clerk' }),
  ]);
  await bff.live.bootstrap?.whenSynced();
  await bff.dashboard.backfill();
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const api = (path: string, token: string) => fetch(`${bff.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
const dashboard = async (query: string, token = supervisor): Promise<Dashboard> => {
  const res = await api(`/api/dashboard?${query}`, token);
  expect(res.status, query).toBe(200);
  return dashboardSchema.parse(await res.json());
};

/** Every declaration the sandbox's search finds for this query. */
async function searchAll(query: string): Promise<{ declarationId: string; currentStatus: string }[]> {
  const out: { declarationId: string; currentStatus: string }[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = declarationSearchResultSchema.parse(
      await (await sandbox.call(`/v1/declarations/search?${query}&limit=100&offset=${offset}`)).json(),
    );
    out.push(...page);
    if (page.length < 100) return out;
  }
}

describe('operations dashboard', () => {
  it('is filled from the seed on a fresh install (backfilled, and says so), and its day counts match the declarations search it drills down to', async () => {
    const d = await dashboard(`from=${from}&to=${today}&compare=previous`);
    expect(d.coverage.backfilledAt).not.toBeNull();
    expect(d.coverage.backfilled).toBeGreaterThan(0);
    expect(d.days).toHaveLength(90);
    expect(d.totals.lodged).toBe((await searchAll(`creationDateFrom=${from}&creationDateTo=${today}`)).length);
    expect(d.totals.acceptance.count).toBeGreaterThan(0);
    expect(d.totals.rejectionRate).toBeGreaterThan(0);
    expect(d.previous).toMatchObject({ from: addDays(from, -90), to: addDays(from, -1) });
    expect(d.errorCodes.codes.length).toBeGreaterThan(0);
    expect(d.backlog.some((b) => b.status === 'Invalid')).toBe(true);
    expect(d.targets.acceptanceMinutes).toBeGreaterThan(0);

    // A day's Invalid bar is the search for Invalid declarations created that day (UTC days).
    const day = d.days.find((x) => x.byStatus.Invalid > 0);
    expect(day).toBeDefined();
    const invalid = await searchAll(`currentStatus=Invalid&creationDateFrom=${day?.day ?? ''}&creationDateTo=${day?.day ?? ''}`);
    expect(day?.byStatus.Invalid).toBe(invalid.length);

    // A filter narrows the figures to the search with the same filter.
    const gb = await dashboard(`from=${from}&to=${today}&jurisdiction=GB&direction=IN`);
    expect(gb.totals.lodged).toBe(
      (await searchAll(`jurisdiction=GB&direction=IN&creationDateFrom=${from}&creationDateTo=${today}`)).length,
    );
    expect(gb.totals.lodged).toBeLessThan(d.totals.lodged);

    // Another replica on the same database answers the same figures.
    const replica = await startBff(
      { UPSTREAM_BASE_URL: sandbox.url, USER_ISSUER: idp.issuer, USER_JWKS_URL: idp.jwksUrl },
      { databaseUrl: bff.databaseUrl, dataDir: bff.dataDir },
    );
    try {
      const res = await fetch(`${replica.url}/api/dashboard?from=${from}&to=${today}&compare=previous`, {
        headers: { authorization: `Bearer ${supervisor}` },
      });
      const { generatedAt: _ignored, ...theirs } = dashboardSchema.parse(await res.json());
      const { generatedAt: _ours, ...ours } = await dashboard(`from=${from}&to=${today}&compare=previous`);
      expect(theirs).toEqual(ours);
    } finally {
      await replica.close();
    }
  }, 60_000);

  it('follows the service’s events and the audit log: a declaration a clerk submits now is counted, and so is the clerk’s work', async () => {
    const range = `from=${from}&to=${today}`;
    const before = await dashboard(range);
    const moved = (b: Dashboard) =>
      (b.backlog.find((x) => x.status === 'Submitted' && x.bucket === 'lt1h')?.count ?? 0) + b.totals.accepted;
    const [validated] = await searchAll('currentStatus=Validated');
    expect(validated).toBeDefined();
    const res = await fetch(`${bff.url}/api/v1/declarations/${validated?.declarationId ?? ''}/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clerk}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBeLessThan(300);
    // Submitted now (the backlog's newest bucket), or already accepted.
    await expect.poll(async () => moved(await dashboard(range)), { timeout: 30_000, interval: 200 }).toBeGreaterThan(moved(before));
    const after = await dashboard(`from=${today}&to=${today}`);
    expect(after.throughput.find((p) => p.name === 'Kim Clerk')?.writes).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('knows the office of a declaration it learnt of only from the search (read once after the backfill)', async () => {
    await bff.dashboard.officesRead();
    let office: string | undefined;
    for (const s of await searchAll(`creationDateFrom=${from}&creationDateTo=${today}`)) {
      const d = declarationSchema.parse(await (await sandbox.call(`/v1/declarations/${s.declarationId}`)).json());
      office = d.singleAdministrativeDocument.declarationOfficeCode ?? undefined;
      if (office) break;
    }
    expect(office).toBeDefined();
    const atOffice = await dashboard(`from=${from}&to=${today}&office=${encodeURIComponent(office ?? '')}`);
    expect(atOffice.totals.lodged).toBeGreaterThan(0);
  }, 120_000);

  it('is for supervisors and clerks, and refuses a bad range with a problem document', async () => {
    expect((await api(`/api/dashboard?from=${today}&to=${today}`, clerk)).status).toBe(200);
    const analyst = await idp.token({ roles: ['analyst'] });
    expect((await api(`/api/dashboard?from=${today}&to=${today}`, analyst)).status).toBe(403);
    for (const query of [
      `from=${today}`,
      `from=${today}&to=${from}`,
      'from=2026-02-30&to=2026-03-01',
      `from=2020-01-01&to=${today}`,
      `from=${today}&to=${today}&direction=SIDEWAYS`,
    ]) {
      const res = await api(`/api/dashboard?${query}`, supervisor);
      expect(res.status, query).toBe(400);
      expect(problemSchema.parse(await res.json()).status).toBe(400);
    }
  });
});
