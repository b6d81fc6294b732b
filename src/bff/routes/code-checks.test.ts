import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema } from '../../contract/audit.js';
import { codeCheckSchema, type CodeCheck } from '../../contract/code-checks.js';
import { declarationSchema, declarationSearchResultSchema } from '../../contract/declarations.js';
import { problemSchema } from '../../contract/problem.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/** "Check this code" through the BFF's own operation, against the seeded sandbox. */
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
/** A BFF whose service client may read classifications but not start runs. */
let readerBff: RunningBff;

const bffEnv = (clientId: string) => ({
  UPSTREAM_BASE_URL: sandbox.url,
  UPSTREAM_CLIENT_ID: clientId,
  UPSTREAM_CLIENT_SECRET: `${clientId}-secret`,
  USER_ISSUER: idp.issuer,
  USER_JWKS_URL: idp.jwksUrl,
});

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox(), startFakeIdentityProvider()]);
  [bff, readerBff] = await Promise.all([startBff(bffEnv('console-acc')), startBff(bffEnv('reader-acc'))]);
}, 60_000);

afterAll(async () => {
  await readerBff?.close();
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const call = async (path: string, roles: string[], init: RequestInit = {}, on: RunningBff = bff) =>
  fetch(`${on.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await idp.token({ roles, sub: `user-${roles.join('-')}` })}`, 'content-type': 'application/json' },
  });

/** A seeded declaration read in the EU's nomenclature, with its first goods item. */
async function euDeclaration() {
  const list = declarationSearchResultSchema.parse(await (await call('/api/v1/declarations/search?limit=100', ['clerk'])).json());
  const summary = list.find((d) => !['GB', 'UK', 'CH'].includes(d.jurisdiction));
  if (!summary) throw new Error('The seed has no EU declaration.');
  const d = declarationSchema.parse(await (await call(`/api/v1/declarations/${summary.declarationId}`, ['clerk'])).json());
  const goods = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[0];
  if (!goods) throw new Error(`Declaration ${d.lrn} has no goods item.`);
  return { d, goods };
}

const HANDBAG = "Women's handbag with outer surface of leather and a shoulder strap";

/** A clerk checks a code and reads the check back once the sandbox has run it. */
async function check(code: string): Promise<CodeCheck> {
  const { d, goods } = await euDeclaration();
  const res = await call('/api/code-checks', ['clerk'], {
    method: 'POST',
    body: JSON.stringify({ declarationId: d.declarationId, sequenceNumber: goods.sequenceNumber, description: HANDBAG, code }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  const started = codeCheckSchema.parse(await res.json());
  await sandbox.ctx.jobs.drain();
  const read = await call(`/api/code-checks/${started.checkId}`, ['clerk']);
  expect(read.status).toBe(200);
  return codeCheckSchema.parse(await read.json());
}

describe('Check this code for clerks (POST /api/code-checks)', () => {
  it('ranks a right code among the proposals, and audits the check as the clerk', async () => {
    const done = await check('4202 21 00');
    expect(done).toMatchObject({ status: 'Completed', code: '42022100', jurisdiction: 'EU' });
    expect(done.verdict).toMatchObject({ among: true, rank: 1, better: null });
    const audit = auditListSchema.parse(await (await call('/api/audit?limit=50', ['supervisor'])).json()).entries;
    expect(audit.find((e) => e.referenceId === done.checkId)).toMatchObject({
      sub: 'user-clerk',
      role: 'clerk',
      method: 'POST',
      operation: 'POST /api/code-checks',
      outcome: 'answered',
    });
  });

  it('gives a wrong code the better one', async () => {
    const done = await check('61091000');
    expect(done.verdict).toMatchObject({ among: false, rank: null, better: { code: '42022100' } });
  });

  it('refuses a reader without a clerk or analyst role with a 403 problem, and another user’s check with a 404', async () => {
    const { d, goods } = await euDeclaration();
    const body = JSON.stringify({ declarationId: d.declarationId, sequenceNumber: goods.sequenceNumber, description: HANDBAG });
    const res = await call('/api/code-checks', ['reader'], { method: 'POST', body });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const audit = auditListSchema.parse(await (await call('/api/audit?limit=50', ['supervisor'])).json()).entries;
    expect(audit.find((e) => e.sub === 'user-reader')).toMatchObject({
      operation: 'POST /api/code-checks',
      outcome: 'refused',
      status: 403,
    });
    const mine = codeCheckSchema.parse(await (await call('/api/code-checks', ['clerk'], { method: 'POST', body })).json());
    expect((await call(`/api/code-checks/${mine.checkId}`, ['supervisor'])).status).toBe(404);
    expect((await call(`/api/code-checks/${mine.checkId}`, ['analyst'])).status).toBe(200);
  });

  it('says plainly when the tenant’s access lacks the scope, and starts nothing', async () => {
    const { d, goods } = await euDeclaration();
    const res = await call(
      '/api/code-checks',
      ['clerk'],
      {
        method: 'POST',
        body: JSON.stringify({ declarationId: d.declarationId, sequenceNumber: goods.sequenceNumber, description: HANDBAG }),
      },
      readerBff,
    );
    expect(res.status).toBe(403);
    const problem = problemSchema.parse(await res.json());
    expect(problem.detail).toMatch(/create:classifications.*no credit was used/);
    // Refused by the console before anything was filed: audited as refused, in the log every replica shares.
    const audit = auditListSchema.parse(await (await call('/api/audit?limit=50', ['supervisor'], {}, readerBff)).json()).entries;
    expect(audit.find((e) => e.operation === 'POST /api/code-checks')).toMatchObject({
      outcome: 'refused',
      status: 403,
      referenceId: null,
    });
  });

  it('passes on the service’s refusal when the tenant has no credits left, audited as its answer', async () => {
    const { d, goods } = await euDeclaration();
    const setCredits = (credits: number) =>
      sandbox.control('/_sandbox/tenants/t-acc-001/credits', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credits }),
      });
    expect((await setCredits(0)).ok).toBe(true);
    try {
      const res = await call('/api/code-checks', ['clerk'], {
        method: 'POST',
        body: JSON.stringify({ declarationId: d.declarationId, sequenceNumber: goods.sequenceNumber, description: 'Roasted coffee beans' }),
      });
      expect(res.status).toBe(402);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const audit = auditListSchema.parse(await (await call('/api/audit?limit=50', ['supervisor'])).json()).entries;
      expect(audit.find((e) => e.operation === 'POST /api/code-checks' && e.status === 402)).toMatchObject({
        outcome: 'answered',
        upstreamStatus: 402,
      });
    } finally {
      await setCredits(100);
    }
  });

  it('answers bad input and unknown goods items with problems', async () => {
    const { d } = await euDeclaration();
    const bad = await call('/api/code-checks', ['clerk'], {
      method: 'POST',
      body: JSON.stringify({ declarationId: d.declarationId, description: ' ' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    const missing = await call('/api/code-checks', ['clerk'], {
      method: 'POST',
      body: JSON.stringify({ declarationId: d.declarationId, sequenceNumber: 9999, description: HANDBAG }),
    });
    expect(missing.status).toBe(404);
    expect(problemSchema.parse(await missing.json()).detail).toMatch(/has no goods item 9999/);
  });
});
