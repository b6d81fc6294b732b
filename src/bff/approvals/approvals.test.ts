import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListSchema } from '../../contract/alerts.js';
import {
  approvalDecisionAnswerSchema,
  approvalHeldSchema,
  approvalListSchema,
  approvalPolicyAnswerSchema,
} from '../../contract/approvals.js';
import { auditListSchema } from '../../contract/audit.js';
import { problemSchema } from '../../contract/problem.js';
import { declarationsOf, getDeclaration, nlImportShipment, postShipment, settleAll } from '../../sandbox/flows/test-fixtures.js';
import { startMailCatcher, type MailCatcher } from '../alerts/mail-catcher.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { createTestDatabase, testEngines } from '../../server-kit/database/test-databases.js';
import { startCountingProxy, type CountingProxy } from '../test-support/counting-proxy.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

// Integration test (docs/architecture.md section 7): the real sandbox behind a counting proxy, a real BFF with a policy file.

const SUBMIT = 'POST /v1/declarations/{declarationId}/submit';
const INVALIDATE = 'POST /v1/declarations/{declarationId}/invalidate';
const POLICY = {
  rules: [
    { operation: SUBMIT, description: 'High-value filings', customsValueAtLeast: { amount: 100_000, currency: 'EUR' } },
    { operation: INVALIDATE, approverRoles: ['supervisor'] },
  ],
};

let sandbox: RunningSandbox;
let upstream: CountingProxy;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let mail: MailCatcher;
let env: Record<string, string>;
const tokens: Record<'clerk' | 'sam' | 'sue' | 'analyst', string> = { clerk: '', sam: '', sue: '', analyst: '' };

/** An NL import the flow leaves Validated (awaiting Submit), with this customs value in EUR. */
async function validatedDeclaration(amount: number): Promise<string> {
  const shipment = nlImportShipment(amount);
  await postShipment(sandbox, shipment);
  await settleAll(sandbox);
  const [d] = await declarationsOf(sandbox, shipment.externalReference);
  expect(d?.currentStatus).toBe('Validated');
  return d?.declarationId ?? '';
}

interface Sent {
  status: number;
  json: unknown;
}
/** A POST (with a JSON body when given) or, without `post`, a GET to a replica, as a signed-in user. */
async function call(base: RunningBff, path: string, token: string, post?: { body?: unknown }): Promise<Sent> {
  const body = post?.body;
  const res = await fetch(`${base.url}${path}`, {
    method: post ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}
const decide = (base: RunningBff, id: string, decision: 'approve' | 'reject' | 'withdraw', token: string, body: unknown = {}) =>
  call(base, `/api/approvals/${id}/${decision}`, token, { body });
const submit = (base: RunningBff, id: string, token: string) => call(base, `/api/v1/declarations/${id}/submit`, token, {});

/** The requester's notifications about this declaration (the console's notification centre). */
const noticesOf = async (base: RunningBff, declarationId: string, token: string) =>
  notificationListSchema
    .parse((await call(base, '/api/notifications', token)).json)
    .notifications.filter((n) => n.declarationId === declarationId);
const mailsAbout = (declarationId: string) => mail.mails.filter((m) => m.subject.includes(declarationId));
/** Any notification call tells the BFF who the user is and where their e-mail goes. */
const signIn = async (base: RunningBff, token: string) =>
  expect((await call(base, '/api/notifications/unread-count', token)).status).toBe(200);
const DAY_AND_A_HALF_LATER = () => new Date(Date.now() + 36 * 3_600_000);

const submits = (id: string) => upstream.count((r) => r.method === 'POST' && r.url === `/v1/declarations/${id}/submit`);

beforeAll(async () => {
  [sandbox, idp, mail] = await Promise.all([
    startSandbox({ seed: false, timeScale: 1_000_000 }),
    startFakeIdentityProvider(),
    startMailCatcher(),
  ]);
  upstream = await startCountingProxy(sandbox.url);
  const policyFile = join(mkdtempSync(join(tmpdir(), 'approval-policy-')), 'policy.json');
  writeFileSync(policyFile, JSON.stringify(POLICY));
  env = {
    UPSTREAM_BASE_URL: upstream.url,
    UPSTREAM_TOKEN_URL: `${sandbox.url}/oauth2/v2.0/token`,
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
    APPROVAL_POLICY_FILE: policyFile,
    SMTP_URL: mail.url,
    ALERT_FROM: 'Customs Console <alerts@console.test>',
  };
  bff = await startBff(env);
  tokens.clerk = await idp.token({ sub: 'clerk-1', name: 'Clara Clerk', roles: ['clerk'], email: 'clara@console.test' });
  tokens.sam = await idp.token({ sub: 'sup-1', name: 'Sam Supervisor', roles: ['supervisor'] });
  tokens.sue = await idp.token({ sub: 'sup-2', name: 'Sue Supervisor', roles: ['supervisor', 'clerk'] });
  tokens.analyst = await idp.token({ sub: 'ana-1', name: 'Ana Analyst', roles: ['analyst'] });
  await signIn(bff, tokens.clerk);
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
  await Promise.all([sandbox?.close(), idp?.close(), mail?.close()]);
});

describe('four eyes before a filing goes to customs', () => {
  it('holds a high-value Submit until a supervisor approves it, then the service receives exactly one Submit on behalf of the clerk', async () => {
    const id = await validatedDeclaration(120_000);
    const asked = await submit(bff, id, tokens.clerk);
    expect(asked.status).toBe(202);
    const held = approvalHeldSchema.parse(asked.json);
    expect(held).toMatchObject({ status: 'pending', operation: SUBMIT, declarationId: id });
    // Nothing reached the service, and asking again does not make a second request.
    expect(submits(id)).toBe(0);
    expect((await submit(bff, id, tokens.clerk)).status).toBe(409);
    await settleAll(sandbox);
    expect((await getDeclaration(sandbox, id)).currentStatus).toBe('Validated');

    const queue = approvalListSchema.parse((await call(bff, '/api/approvals', tokens.sam)).json);
    expect(queue.requests[0]).toMatchObject({
      id: held.approvalRequestId,
      status: 'pending',
      operation: SUBMIT,
      declarationId: id,
      requester: { sub: 'clerk-1', name: 'Clara Clerk', roles: ['clerk'] },
      rule: { index: 0, description: 'High-value filings', approverRoles: ['supervisor'] },
      facts: [{ condition: 'Customs value at least 100000 EUR', value: '120000 EUR' }],
      decision: null,
    });

    // An analyst may not decide; two supervisors at once: exactly one sends it.
    expect((await decide(bff, held.approvalRequestId, 'approve', tokens.analyst)).status).toBe(403);
    const [a, b] = await Promise.all([
      decide(bff, held.approvalRequestId, 'approve', tokens.sam, { comment: 'Checked the invoice' }),
      decide(bff, held.approvalRequestId, 'approve', tokens.sue),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const approved = approvalDecisionAnswerSchema.parse(a.status === 200 ? a.json : b.json).request;
    expect(approved).toMatchObject({ status: 'sent', upstreamStatus: 202, referenceId: expect.any(String) as string });
    expect(submits(id)).toBe(1);
    await settleAll(sandbox);
    expect((await getDeclaration(sandbox, id)).currentStatus).not.toBe('Validated');
    expect((await decide(bff, held.approvalRequestId, 'approve', tokens.sam)).status).toBe(409);
    expect(submits(id)).toBe(1);

    // The audit names both: the Submit sent on the clerk's behalf with its approver, the refused second ask, the held request.
    const audit = auditListSchema.parse((await call(bff, `/api/audit?path=/v1/declarations/${id}/submit`, tokens.clerk)).json).entries;
    expect(audit.map((e) => [e.name, e.outcome, e.status, e.approvedBy?.name])).toEqual([
      ['Clara Clerk', 'answered', 202, approved.decision?.by.name],
      ['Clara Clerk', 'refused', 409, undefined],
      ['Clara Clerk', 'held', 202, undefined],
    ]);
  });

  it('lets nobody approve their own request, whatever their roles, and sends a low-value Submit at once', async () => {
    const high = await validatedDeclaration(250_000);
    const held = approvalHeldSchema.parse((await submit(bff, high, tokens.sam)).json);
    const own = await decide(bff, held.approvalRequestId, 'approve', tokens.sam);
    expect(own.status).toBe(403);
    expect(problemSchema.parse(own.json).detail).toContain('yourself');
    expect((await decide(bff, held.approvalRequestId, 'reject', tokens.sam, { comment: 'never mind' })).status).toBe(403);
    expect(submits(high)).toBe(0);

    const low = await validatedDeclaration(99_999);
    const direct = await submit(bff, low, tokens.clerk);
    expect(direct.status).toBe(202);
    expect(direct.json).toEqual({ referenceId: expect.any(String) as string });
    expect(submits(low)).toBe(1);
  });

  it('needs a reason to reject, tells the requester, and lets only the requester withdraw', async () => {
    const id = await validatedDeclaration(100_000);
    const first = approvalHeldSchema.parse((await submit(bff, id, tokens.clerk)).json);
    const noReason = await decide(bff, first.approvalRequestId, 'reject', tokens.sam, { comment: '  ' });
    expect(noReason.status).toBe(400);
    expect(problemSchema.parse(noReason.json)['invalid-parameters']?.map((p) => p.name)).toEqual(['comment']);
    expect((await decide(bff, first.approvalRequestId, 'reject', tokens.sam)).status).toBe(400);
    const rejected = await decide(bff, first.approvalRequestId, 'reject', tokens.sam, { comment: 'The invoice value is wrong.' });
    expect(rejected.status).toBe(200);
    // What the requester reads on the declaration.
    const mine = approvalListSchema.parse((await call(bff, `/api/approvals?declarationId=${id}`, tokens.clerk)).json).requests;
    expect(mine).toMatchObject([
      { status: 'rejected', decision: { by: { name: 'Sam Supervisor' }, comment: 'The invoice value is wrong.' } },
    ]);
    expect((await decide(bff, first.approvalRequestId, 'approve', tokens.sue)).status).toBe(409);
    // Told by the alert channels: in the console and by e-mail (the BFF knows the clerk's address once signed in).
    expect(await noticesOf(bff, id, tokens.clerk)).toMatchObject([
      { title: `Your Submit of declaration ${id} was rejected by Sam Supervisor`, eventType: 'ApprovalRequest', eventSubType: 'Rejected' },
    ]);
    expect(await noticesOf(bff, id, tokens.sam)).toEqual([]);
    await expect.poll(() => mailsAbout(id).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(mailsAbout(id)[0]).toMatchObject({ to: ['clara@console.test'] });
    expect(mailsAbout(id)[0]?.text).toContain('Reason: The invoice value is wrong.');

    const second = approvalHeldSchema.parse((await submit(bff, id, tokens.clerk)).json);
    expect((await decide(bff, second.approvalRequestId, 'withdraw', tokens.sam)).status).toBe(403);
    const withdrawn = await decide(bff, second.approvalRequestId, 'withdraw', tokens.clerk);
    expect(approvalDecisionAnswerSchema.parse(withdrawn.json).request).toMatchObject({
      status: 'withdrawn',
      decision: { by: { name: 'Clara Clerk' } },
    });
    expect(submits(id)).toBe(0);
    expect((await getDeclaration(sandbox, id)).currentStatus).toBe('Validated');
  });

  it('keeps the body of a held call and sends it as it was; shows the policy to everyone', async () => {
    const id = await validatedDeclaration(10);
    const held = approvalHeldSchema.parse(
      (await call(bff, `/api/v1/declarations/${id}/invalidate`, tokens.sam, { body: { reason: 'Duplicate filing' } })).json,
    );
    expect(held.operation).toBe(INVALIDATE);
    const approved = approvalDecisionAnswerSchema.parse((await decide(bff, held.approvalRequestId, 'approve', tokens.sue)).json).request;
    // The service answered the call it was sent (its own verdict on invalidating this declaration).
    expect(approved.upstreamStatus).not.toBeNull();
    expect(upstream.count((r) => r.url === `/v1/declarations/${id}/invalidate`)).toBe(1);

    const policy = approvalPolicyAnswerSchema.parse((await call(bff, '/api/approvals/policy', tokens.analyst)).json);
    expect(policy).toEqual({
      policy: { rules: [{ ...POLICY.rules[0], approverRoles: ['supervisor'] }, POLICY.rules[1]] },
      expiryHours: 24,
    });
  });
});

describe('a request nobody decides on', () => {
  it('expires, and its requester is told once in the console and by e-mail', async () => {
    const id = await validatedDeclaration(300_000);
    const held = approvalHeldSchema.parse((await submit(bff, id, tokens.clerk)).json);
    expect(await bff.alerts.approvals.sweepExpired()).toBe(0);
    expect(await noticesOf(bff, id, tokens.clerk)).toEqual([]);

    const later = DAY_AND_A_HALF_LATER();
    expect(await bff.alerts.approvals.sweepExpired(later)).toBeGreaterThanOrEqual(1);
    expect(await bff.alerts.approvals.sweepExpired(later)).toBe(0);
    expect(await noticesOf(bff, id, tokens.clerk)).toMatchObject([
      { title: `Your Submit of declaration ${id} expired without a decision`, eventSubType: 'Expired' },
    ]);
    await expect.poll(() => mailsAbout(id).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(mailsAbout(id)[0]?.text).toContain('nothing was sent to customs');
    expect((await decide(bff, held.approvalRequestId, 'approve', tokens.sam)).status).toBe(409);
    expect(submits(id)).toBe(0);
  });
});

describe.skipIf(!testEngines().includes('postgres'))('approvals across two BFF replicas on one PostgreSQL', () => {
  let a: RunningBff;
  let b: RunningBff;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    [a, b] = await Promise.all([startBff(env, { databaseUrl }), startBff(env, { databaseUrl })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('approves on replica B a request made on A, sending it once even when both replicas are asked at once', async () => {
    const id = await validatedDeclaration(500_000);
    const held = approvalHeldSchema.parse((await submit(a, id, tokens.clerk)).json);
    expect(approvalListSchema.parse((await call(b, '/api/approvals?status=pending', tokens.sam)).json).requests.map((r) => r.id)).toContain(
      held.approvalRequestId,
    );
    const answers = await Promise.all([
      decide(b, held.approvalRequestId, 'approve', tokens.sam),
      decide(a, held.approvalRequestId, 'approve', tokens.sue),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(submits(id)).toBe(1);
    expect(approvalListSchema.parse((await call(a, `/api/approvals?declarationId=${id}`, tokens.clerk)).json).requests).toMatchObject([
      { status: 'sent', upstreamStatus: 202 },
    ]);
  });

  it('tells the requester once of a rejection on one replica and of an expiry both replicas notice', async () => {
    await signIn(a, tokens.clerk);
    const rejectedId = await validatedDeclaration(400_000);
    const held = approvalHeldSchema.parse((await submit(a, rejectedId, tokens.clerk)).json);
    const answers = await Promise.all([
      decide(a, held.approvalRequestId, 'reject', tokens.sam, { comment: 'No' }),
      decide(b, held.approvalRequestId, 'reject', tokens.sue, { comment: 'No' }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);

    const expiredId = await validatedDeclaration(600_000);
    approvalHeldSchema.parse((await submit(b, expiredId, tokens.clerk)).json);
    const later = DAY_AND_A_HALF_LATER();
    const told = await Promise.all([a.alerts.approvals.sweepExpired(later), b.alerts.approvals.sweepExpired(later)]);
    expect(told[0] + told[1]).toBe(1);

    for (const id of [rejectedId, expiredId]) {
      expect(await noticesOf(b, id, tokens.clerk)).toHaveLength(1);
      await expect.poll(() => mailsAbout(id).length, { timeout: 10_000, interval: 50 }).toBe(1);
    }
    // Both replicas' outboxes poll the shared table: still one e-mail each after another pass.
    await Promise.all([a.alerts.outbox.stop(), b.alerts.outbox.stop()]);
    expect(mailsAbout(rejectedId)).toHaveLength(1);
    expect(mailsAbout(expiredId)).toHaveLength(1);
  });
});
