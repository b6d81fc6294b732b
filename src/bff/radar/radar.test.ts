import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListSchema } from '../../contract/alerts.js';
import { problemSchema } from '../../contract/problem.js';
import { radarSchema, type Radar } from '../../contract/radar.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

// Integration test (docs/architecture.md section 7): the real seeded sandbox and a real BFF; the BFF's facts written as its event handling writes them.

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let clerk: string;
let analyst: string;
const HOUR = 3_600_000;

async function get(path: string, token: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${bff.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, json: await res.json() };
}
const radar = async (query = ''): Promise<Radar> => {
  const answer = await get(`/api/radar${query}`, clerk);
  expect(answer.status).toBe(200);
  return radarSchema.parse(answer.json);
};

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: true }), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_TOKEN_URL: `${sandbox.url}/oauth2/v2.0/token`,
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
  clerk = await idp.token({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk'] });
  analyst = await idp.token({ sub: 'ana', name: 'Ana Analyst', roles: ['analyst'] });
  const facts = bff.store.repos.declarationFacts;
  const now = Date.now();
  await facts.recordStatus({
    declarationId: 'd-radar-fix',
    status: 'Invalid',
    atMs: now - 5 * HOUR,
    lrn: 'LRN-RADAR-FIX',
    customsFlow: 'NL Import',
    jurisdiction: 'NL',
  });
  await facts.recordStatus({
    declarationId: 'd-radar-soon',
    status: 'Validated',
    atMs: now - 30 * 60_000,
    lrn: 'LRN-RADAR-SOON',
    customsFlow: 'NL Import',
    jurisdiction: 'NL',
  });
  await facts.recordStatus({
    declarationId: 'd-radar-fine',
    status: 'Invalid',
    atMs: now - 60_000,
    lrn: 'LRN-RADAR-FINE',
    customsFlow: 'NL Import',
    jurisdiction: 'NL',
  });
  await bff.store.repos.assignments.assign(
    'd-radar-fix',
    { sub: 'clara', name: 'Clara Clerk' },
    { sub: 'clara', name: 'Clara Clerk' },
    new Date().toISOString(),
    () => true,
  );
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await Promise.all([sandbox?.close(), idp?.close()]);
});

describe('the deadline radar', () => {
  it('lists the seed’s overdue pre-lodged declarations and a declaration Invalid beyond its target, with age, owner, due time and link', async () => {
    const { items, complete } = await radar();
    expect(complete).toBe(true);
    const arrival = items.filter((i) => i.kind === 'arrival');
    // The seed spreads its dates over past weeks: some pre-lodged goods are late, one may be only about to be.
    expect(arrival.filter((a) => a.overdue).length).toBeGreaterThan(0);
    for (const a of arrival) {
      expect(a).toMatchObject({ status: 'Accepted', link: `/declarations/${a.declarationId ?? ''}` });
      // The default target: pre-lodged goods arrive within 30 days.
      if (a.overdue) expect(a.ageMinutes).toBeGreaterThanOrEqual(30 * 24 * 60 - 60);
      else expect(Date.parse(a.dueAt ?? '')).toBeGreaterThanOrEqual(Date.now() - 60_000);
    }
    const fix = items.find((i) => i.declarationId === 'd-radar-fix');
    expect(fix).toMatchObject({ kind: 'fix', lrn: 'LRN-RADAR-FIX', overdue: true, owner: { sub: 'clara', name: 'Clara Clerk' } });
    expect(fix?.ageMinutes).toBeGreaterThanOrEqual(299);
    expect(Date.parse(fix?.dueAt ?? '')).toBeLessThan(Date.now());
    expect(items.map((i) => i.declarationId)).not.toContain('d-radar-fine');
    // Overdue first, the longest overdue first.
    const dues = items.flatMap((i) => (i.dueAt ? [Date.parse(i.dueAt)] : []));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
  });

  it('shows what is about to be late within the window asked for, by kind', async () => {
    expect((await radar('?soonMinutes=0')).items.map((i) => i.declarationId)).not.toContain('d-radar-soon');
    const soon = (await radar('?soonMinutes=45&kind=submit')).items;
    expect(soon).toMatchObject([{ declarationId: 'd-radar-soon', kind: 'submit', overdue: false, owner: null }]);
  });

  it('is for clerks and supervisors, and refuses a bad query with a problem naming it', async () => {
    expect((await get('/api/radar', analyst)).status).toBe(403);
    const bad = await get('/api/radar?soonMinutes=-5', clerk);
    expect(bad.status).toBe(400);
    expect(problemSchema.parse(bad.json)['invalid-parameters']?.map((p) => p.name)).toEqual(['soonMinutes']);
  });

  it('alerts on an overdue item once, to the rules on Radar', async () => {
    const res = await fetch(`${bff.url}/api/alerts/rules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clerk}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'My overdue fixes', eventType: 'Radar', eventSubTypes: ['fix'], mineOnly: true, channels: ['console'] }),
    });
    expect(res.status).toBe(201);
    expect(await bff.radarAlerts.check()).toBe(1);
    expect(await bff.radarAlerts.check()).toBe(0);
    const list = notificationListSchema.parse((await get('/api/notifications', clerk)).json).notifications;
    expect(list).toMatchObject([
      { title: 'Declaration LRN-RADAR-FIX is overdue: not fixed', declarationId: 'd-radar-fix', eventType: 'Radar' },
    ]);
  });
});
