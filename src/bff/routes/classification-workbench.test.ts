import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationItemSchema, classificationRunSchema } from '../../contract/classification.js';
import { decisionListSchema, decisionSchema, recordedRunListSchema, worklistSchema } from '../../contract/classification-workbench.js';
import { auditListSchema } from '../../contract/audit.js';
import { problemSchema } from '../../contract/problem.js';
// Integration test: the real sandbox in process, known to the BFF only by URL.
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

const TENANT = 't-acc-001';
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let analyst: string;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
  analyst = await idp.token({ sub: 'ana', name: 'Ana Analyst', roles: ['analyst'] });
});

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

/** Every call to the sandbox's /_sandbox controls goes through here (one place to add their admin token). */
async function sandboxControl(path: string, init: RequestInit = {}): Promise<Response> {
  return sandbox.control(`/_sandbox${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
}

async function credits(): Promise<number> {
  const res = await sandboxControl(`/tenants/${TENANT}/credits`);
  const body: unknown = await res.json();
  if (typeof body === 'object' && body && 'credits' in body && typeof body.credits === 'number') return body.credits;
  throw new Error(`no credits in ${JSON.stringify(body)}`);
}

async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; json: unknown }> {
  const { token = analyst, ...rest } = init;
  const res = await fetch(`${bff.url}${path}`, {
    ...rest,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...rest.headers },
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function createItem(reference: string): Promise<string> {
  const res = await api('/api/v1/classifications/items', {
    method: 'POST',
    body: JSON.stringify({
      externalReference: reference,
      description: 'Ladies handbag with outer surface of leather',
      assignedClassifications: [{ jurisdiction: 'EU', code: '42029180' }],
    }),
  });
  expect(res.status).toBe(201);
  return classificationItemSchema.parse(res.json).id;
}

const start = (itemId: string, jurisdiction: string) =>
  api(`/api/v1/classifications/items/${itemId}/classifications`, { method: 'POST', body: JSON.stringify({ jurisdiction }) });

async function waitForRun(itemId: string, runId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        classificationRunSchema.parse((await api(`/api/v1/classifications/items/${itemId}/classifications/${runId}`)).json).status,
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/^(Completed|Error)$/);
}

describe('classification run start through the BFF', () => {
  it('starts exactly one run per item and jurisdiction while one is pending: a second start at once is a 409 and uses no credit', async () => {
    const itemId = await createItem('SKU-ONCE');
    const before = await credits();
    await sandbox.ctx.jobs.stop(); // the run stays Pending
    try {
      const [a, b] = await Promise.all([start(itemId, 'EU'), start(itemId, 'EU')]);
      expect([a.status, b.status].sort()).toEqual([202, 409]);
      const refused = problemSchema.parse(a.status === 409 ? a.json : b.json);
      expect(refused.detail).toMatch(/still Pending/);
      expect(await credits()).toBe(before - 1);
      // Another jurisdiction is not held up.
      expect((await start(itemId, 'US')).status).toBe(202);
      expect(await credits()).toBe(before - 2);
    } finally {
      sandbox.ctx.jobs.start();
    }
    const runs = recordedRunListSchema.parse((await api(`/api/classification/runs?itemId=${itemId}`)).json).runs;
    expect(runs.map((r) => [r.jurisdiction, r.startedBy.name, r.itemReference, r.assignedCode])).toEqual([
      ['US', 'Ana Analyst', 'SKU-ONCE', null],
      ['EU', 'Ana Analyst', 'SKU-ONCE', '42029180'],
    ]);
    // Once the run has finished, a new one may start.
    for (const run of runs) await waitForRun(itemId, run.runId);
    expect((await start(itemId, 'EU')).status).toBe(202);
    const audit = auditListSchema.parse((await api(`/api/audit?path=/v1/classifications/items/${itemId}/classifications`)).json).entries;
    // One audit path with every other write: the three starts the service took, and the one the lock refused.
    const answered = audit.filter((e) => e.outcome === 'answered');
    expect(answered.map((e) => e.upstreamStatus)).toEqual([202, 202, 202]);
    expect(answered.every((e) => e.referenceId !== null)).toBe(true);
    expect(audit.filter((e) => e.outcome !== 'answered')).toMatchObject([{ outcome: 'refused', status: 409, upstreamStatus: null }]);
  });

  it('passes the service’s refusals on unchanged and records nothing', async () => {
    const itemId = await createItem('SKU-REFUSED');
    const bad = await start(itemId, 'XX');
    expect(bad.status).toBe(400);
    expect(problemSchema.parse(bad.json).errors).toBeDefined();
    await sandboxControl(`/tenants/${TENANT}/credits`, { method: 'PUT', body: JSON.stringify({ credits: 0 }) });
    try {
      expect((await start(itemId, 'EU')).status).toBe(402);
    } finally {
      await sandboxControl(`/tenants/${TENANT}/credits`, { method: 'PUT', body: JSON.stringify({ credits: 100 }) });
    }
    expect(recordedRunListSchema.parse((await api(`/api/classification/runs?itemId=${itemId}`)).json).runs).toEqual([]);
    const clerk = await idp.token({ roles: ['clerk'] });
    expect(
      (
        await api(`/api/v1/classifications/items/${itemId}/classifications`, {
          method: 'POST',
          token: clerk,
          body: '{"jurisdiction":"EU"}',
        })
      ).status,
    ).toBe(403);
    expect((await api(`/api/classification/runs?itemId=${itemId}`, { token: clerk })).status).toBe(403);
  });
});

describe('run history, worklist and decisions', () => {
  it('keeps the result summary, lists the better suggestion and records a decision from the BFF’s record of the run', async () => {
    const itemId = await createItem('SKU-BETTER');
    const started = await start(itemId, 'EU');
    expect(started.status).toBe(202);
    const runId = classificationRunSchema.parse({ ...(started.json as object), status: 'Pending' }).classificationId;
    await waitForRun(itemId, runId);

    const [run] = recordedRunListSchema.parse((await api(`/api/classification/runs?itemId=${itemId}`)).json).runs;
    expect(run).toMatchObject({ runId, status: 'Completed', assignedCode: '42029180', better: true });
    expect(run?.bestCode?.slice(0, 6)).not.toBe('420291');
    expect(run?.bestScore).toBeGreaterThan(run?.assignedScore ?? 0);

    const worklist = worklistSchema.parse((await api('/api/classification/worklist')).json).rows;
    expect(worklist.find((r) => r.run.runId === runId)).toMatchObject({ decision: null });

    const invalid = await api('/api/classification/decisions', { method: 'POST', body: JSON.stringify({ runId, decision: 'maybe' }) });
    expect(invalid.status).toBe(400);
    expect(
      (await api('/api/classification/decisions', { method: 'POST', body: JSON.stringify({ runId: 'unknown', decision: 'accepted' }) }))
        .status,
    ).toBe(404);

    const posted = await api('/api/classification/decisions', {
      method: 'POST',
      body: JSON.stringify({ runId, decision: 'accepted', comment: ' Leather outer surface. ' }),
    });
    expect(posted.status).toBe(201);
    const decision = decisionSchema.parse(posted.json);
    expect(decision).toMatchObject({
      itemReference: 'SKU-BETTER',
      jurisdiction: 'EU',
      assignedCode: '42029180',
      proposedCode: run?.bestCode,
      comment: 'Leather outer surface.',
      decidedBy: { sub: 'ana', name: 'Ana Analyst' },
    });

    const after = worklistSchema.parse((await api('/api/classification/worklist')).json).rows;
    expect(after.find((r) => r.run.runId === runId)?.decision?.decision).toBe('accepted');
    expect(decisionListSchema.parse((await api('/api/classification/decisions')).json).decisions[0]?.id).toBe(decision.id);
  });
});
