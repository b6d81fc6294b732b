import { freePort } from '../server-kit/test-support/free-port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema } from '../contract/audit.js';
import type { EventEnvelope } from '../contract/events.js';
import { LIVE_EVENT_TYPES } from '../contract/live.js';
import { subscriptionListSchema, subscriptionSchema } from '../contract/subscriptions.js';
import { createTestDatabase, testEngines } from '../server-kit/database/test-databases.js';
// Integration test (docs/architecture.md section 7): two real BFF replicas on one PostgreSQL in front of the real sandbox.
import { startSandbox, type RunningSandbox } from '../sandbox/test-support/start-sandbox.js';
import { WEBHOOK_SECRET_KEY } from './live/webhook-secret.js';
import { interruptInboxListeners } from './store/test-faults.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from './test-support/fake-identity-provider.js';
import { openLiveStream, type LiveStream } from './test-support/live-stream.js';
import { startBff, type RunningBff } from './test-support/start-bff.js';

const TENANT = 't-acc-001';

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
/** A: the address the service delivers webhooks to (PUBLIC_URL, as a load balancer would be). B: a second replica on the same database. */
let a: RunningBff;
let b: RunningBff;
let clerk: string;
let secret: string;
const streams: LiveStream[] = [];

async function openLive(replica: RunningBff, lastEventId?: string): Promise<LiveStream> {
  const stream = await openLiveStream(replica.url, clerk, lastEventId);
  expect(stream.status).toBe(200);
  streams.push(stream);
  return stream;
}

let counter = 0;
const envelope = (declarationId = 'd-r'): EventEnvelope => ({
  id: `replica-test-${++counter}`,
  tenantId: TENANT,
  eventTime: new Date().toISOString(),
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Released',
  data: { id: declarationId },
});

/** What the service does: POST the envelope to a replica's webhook receiver with the shared secret. */
async function deliver(replica: RunningBff, body: EventEnvelope): Promise<void> {
  const res = await fetch(`${replica.url}/webhooks/customs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': secret },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(204);
}

const count = (stream: LiveStream, id: string): number => stream.frames.filter((f) => f.id === id).length;

/** Waits until every stream has the marker, by which any duplicate of what was sent before it would have arrived. */
async function settle(via: RunningBff, ...on: LiveStream[]): Promise<void> {
  const marker = envelope();
  await deliver(via, marker);
  await Promise.all(on.map((s) => s.waitFor((f) => f.id === marker.id)));
}

describe.skipIf(!testEngines().includes('postgres'))('two BFF replicas on one PostgreSQL', () => {
  beforeAll(async () => {
    let portA: number;
    let databaseUrl: string;
    [sandbox, idp, portA, databaseUrl] = await Promise.all([
      startSandbox({ seed: false }),
      startFakeIdentityProvider(),
      freePort(),
      createTestDatabase(),
    ]);
    // No WEBHOOK_SECRET: the replicas must agree on one through the database.
    const env = {
      UPSTREAM_BASE_URL: sandbox.url,
      USER_ISSUER: idp.issuer,
      USER_JWKS_URL: idp.jwksUrl,
      LIVE_EVENTS: 'on',
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
    };
    // Started together: migrations, the secret and the subscriptions must each happen once all the same.
    [a, b] = await Promise.all([startBff(env, { port: portA, databaseUrl }), startBff(env, { databaseUrl })]);
    await Promise.all([a.live.bootstrap?.whenSynced(), b.live.bootstrap?.whenSynced()]);
    clerk = await idp.token({ roles: ['clerk'] });
    secret = (await a.store.repos.meta.get(WEBHOOK_SECRET_KEY)) ?? '';
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.close(), b?.close()]);
    await idp?.close();
    await sandbox?.close();
  });

  it('create one set of live subscriptions upstream, which both know', async () => {
    const list = subscriptionListSchema.parse(await (await sandbox.call('/v1/subscriptions')).json());
    const subs = await Promise.all(
      list.map(async ({ id }) => subscriptionSchema.parse(await (await sandbox.call(`/v1/subscriptions/${id}`)).json())),
    );
    expect(subs.map((s) => s.eventType).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
    expect(new Set(subs.map((s) => s.destinationDescription.destinationUrl))).toEqual(new Set([`${a.url}/webhooks/customs`]));
    const ids = list.map((s) => s.id).sort();
    expect(a.live.bootstrap?.state.subscriptions.map((s) => s.id).sort()).toEqual(ids);
    expect(b.live.bootstrap?.state.subscriptions.map((s) => s.id).sort()).toEqual(ids);
  });

  it('share one generated webhook secret', async () => {
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await b.store.repos.meta.get(WEBHOOK_SECRET_KEY)).toBe(secret);
    await deliver(b, envelope());
  });

  it('send an event posted to A to consoles on A and on B exactly once; a duplicate posted to B goes nowhere', async () => {
    const [onA, onB] = await Promise.all([openLive(a), openLive(b)]);
    const event = envelope();
    await deliver(a, event);
    await Promise.all([onA.waitFor((f) => f.id === event.id), onB.waitFor((f) => f.id === event.id)]);
    await deliver(b, event);
    await deliver(a, event);
    await settle(b, onA, onB);
    expect([count(onA, event.id), count(onB, event.id)]).toEqual([1, 1]);
    expect((await (await fetch(`${b.url}/readyz`)).json()) as unknown).toMatchObject({ live: { fanOut: 'listening', connections: 1 } });
  });

  it('deliver what the service sends to the console on B (the service knows only A)', async () => {
    const onB = await openLive(b);
    const published = await sandbox.ctx.events.publish({
      tenantId: TENANT,
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Accepted',
      data: { id: 'd-s' },
    });
    const frame = await onB.waitFor((f) => f.id === published.id);
    expect(frame.event).toBe('DeclarationStatusChanged');
    await settle(a, onB);
    expect(count(onB, published.id)).toBe(1);
  });

  it('resume a stream on B with Last-Event-ID from A', async () => {
    const onA = await openLive(a);
    const seen = envelope();
    await deliver(a, seen);
    await onA.waitFor((f) => f.id === seen.id);
    onA.close();
    const missed = [envelope(), envelope()];
    await deliver(a, missed[0] ?? envelope());
    await deliver(b, missed[1] ?? envelope());
    const resumed = await openLive(b, seen.id);
    await resumed.waitFor((f) => f.id === missed[1]?.id);
    await settle(a, resumed);
    const ids = resumed.frames.map((f) => f.id);
    expect(ids.slice(0, 2)).toEqual(missed.map((e) => e.id));
    expect(ids).not.toContain(seen.id);
  });

  it('catch up on what other replicas stored while the notification connection was down', async () => {
    const [onA, onB] = await Promise.all([openLive(a), openLive(b)]);
    expect(await interruptInboxListeners(b.databaseUrl ?? '')).toBe(2);
    // Stored while B (and A) are reconnecting: no notification reaches B for it.
    const during = envelope();
    await deliver(a, during);
    await onB.waitFor((f) => f.id === during.id);
    await settle(a, onA, onB);
    expect([count(onA, during.id), count(onB, during.id)]).toEqual([1, 1]);
    expect(b.logs.join('\n')).toContain('notification connection lost');
  });

  it('keep one audit log, read the same through either', async () => {
    const supervisor = await idp.token({ sub: 'sup-1', roles: ['supervisor'] });
    const post = (replica: RunningBff, action: string) =>
      fetch(`${replica.url}/api/v1/declarations/D-R/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${supervisor}` },
      }).then((r) => r.arrayBuffer());
    await post(a, 'validate');
    await post(b, 'submit');
    const read = async (replica: RunningBff) =>
      auditListSchema.parse(
        await (
          await fetch(`${replica.url}/api/audit?path=/v1/declarations/D-R/`, { headers: { authorization: `Bearer ${clerk}` } })
        ).json(),
      ).entries;
    const [fromA, fromB] = await Promise.all([read(a), read(b)]);
    expect(fromA.map((e) => e.path)).toEqual(['/v1/declarations/D-R/submit', '/v1/declarations/D-R/validate']);
    expect(fromB).toEqual(fromA);
    expect(await a.store.repos.auditLog.list('/v1/declarations/D-R/', 10)).toEqual(fromA);
  });
});
