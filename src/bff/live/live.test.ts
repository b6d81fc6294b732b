import { freePort } from '../../server-kit/test-support/free-port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from '../../contract/events.js';
import { inboxEventListSchema, LIVE_EVENT_TYPES } from '../../contract/live.js';
import { problemSchema } from '../../contract/problem.js';
import { subscriptionListSchema, subscriptionSchema } from '../../contract/subscriptions.js';
// Integration test (docs/architecture.md section 7): the real sandbox delivers real webhooks to the real BFF.
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { openLiveStream, type LiveStream } from '../test-support/live-stream.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

const SECRET = 'live-test-webhook-secret-0123456789';
const TENANT = 't-acc-001';

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let port: number;
let clerk: string;
const streams: LiveStream[] = [];

const env = (): Record<string, string> => ({
  UPSTREAM_BASE_URL: sandbox.url,
  USER_ISSUER: idp.issuer,
  USER_JWKS_URL: idp.jwksUrl,
  LIVE_EVENTS: 'on',
  WEBHOOK_SECRET: SECRET,
});

/** Opens /api/live on the BFF under test; closed after all tests. */
async function openLive(token: string | undefined, lastEventId?: string): Promise<LiveStream> {
  const stream = await openLiveStream(bff.url, token, lastEventId);
  streams.push(stream);
  return stream;
}

const publish = (declarationId: string, eventSubType = 'Released') =>
  sandbox.ctx.events.publish({
    tenantId: TENANT,
    eventType: 'DeclarationStatusChanged',
    eventSubType,
    data: { id: declarationId, currentStatus: eventSubType, customsShipmentReference: 'CS-1', lrn: 'LRN-1' },
  });

/** secret null: no header at all. */
const postWebhook = (body: unknown, secret: string | null = SECRET) =>
  fetch(`${bff.url}/webhooks/customs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-webhook-secret': secret }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function sandboxSubscriptions(): Promise<{ id: string; eventType: string; destinationUrl: string; headerNames: string[] }[]> {
  const list = subscriptionListSchema.parse(await (await sandbox.call('/v1/subscriptions')).json());
  return Promise.all(
    list.map(async ({ id }) => {
      const s = subscriptionSchema.parse(await (await sandbox.call(`/v1/subscriptions/${id}`)).json());
      return {
        id,
        eventType: s.eventType,
        destinationUrl: s.destinationDescription.destinationUrl,
        headerNames: (s.destinationDescription.additionalHeaders ?? []).map((h) => h.name),
      };
    }),
  );
}

beforeAll(async () => {
  [sandbox, idp, port] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider(), freePort()]);
  bff = await startBff(env(), { port });
  clerk = await idp.token({ roles: ['clerk'] });
  await bff.live.bootstrap?.whenSynced();
});

afterAll(async () => {
  for (const s of streams) s.close();
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

describe('subscription bootstrap', () => {
  it('creates one subscription per live event type on the service, pointing at /webhooks/customs with the secret header', async () => {
    const subs = await sandboxSubscriptions();
    expect(subs.map((s) => s.eventType).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
    for (const s of subs) {
      expect(s.destinationUrl).toBe(`http://localhost:${port}/webhooks/customs`);
      expect(s.headerNames).toEqual(['X-Webhook-Secret']);
    }
    expect(bff.live.bootstrap?.state.subscriptions.map((s) => s.id).sort()).toEqual(subs.map((s) => s.id).sort());
  });

  it('shows its state in /readyz without deciding readiness', async () => {
    const res = await fetch(`${bff.url}/readyz`);
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    expect(body).toMatchObject({
      status: 'ready',
      live: { enabled: true, status: 'synced', destinationUrl: `http://localhost:${port}/webhooks/customs` },
    });
    expect(JSON.stringify(body)).not.toContain(SECRET);
    expect(bff.logs.join('\n')).not.toContain(SECRET);
  });
});

describe('webhook receiver and /api/live', () => {
  it('refuses /api/live without a user token (401 problem)', async () => {
    const live = await openLive(undefined);
    expect(live.status).toBe(401);
  });

  it('delivers a published event over the real webhook to a connected console, as an SSE frame', async () => {
    const live = await openLive(clerk);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.headers.get('x-accel-buffering')).toBe('no');
    expect(live.headers.get('cache-control')).toContain('no-transform');
    const published = await publish('d-1');
    const frame = await live.waitFor((f) => f.id === published.id);
    expect(frame.event).toBe('DeclarationStatusChanged');
    const envelope = eventEnvelopeSchema.parse(JSON.parse(frame.data));
    expect(envelope).toMatchObject({ id: published.id, tenantId: TENANT, eventSubType: 'Released', data: { id: 'd-1' } });
  });

  it('sends a re-delivered envelope to SSE once (de-duplicated on the envelope id)', async () => {
    const live = await openLive(await idp.token({ roles: ['analyst'] }));
    const first = await publish('d-2', 'Accepted');
    const frame = await live.waitFor((f) => f.id === first.id);
    const at = live.frames.length;
    const again = await postWebhook(JSON.parse(frame.data));
    expect(again.status).toBe(204);
    // A later event marks the point by which the duplicate would have arrived.
    const marker = await publish('d-2', 'Released');
    await live.waitFor((f) => f.id === marker.id, at);
    expect(live.frames.filter((f) => f.id === first.id)).toHaveLength(1);
  });

  it('answers 401 for a wrong or missing secret and 400 for a body that is not an envelope', async () => {
    const envelope = {
      id: 'e-x',
      tenantId: TENANT,
      eventTime: new Date().toISOString(),
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Released',
      data: { id: 'd-9' },
    };
    for (const secret of ['wrong-secret-wrong-secret', null, `${SECRET}x`, '']) {
      const res = await postWebhook(envelope, secret);
      expect(res.status).toBe(401);
      expect(problemSchema.parse(await res.json()).status).toBe(401);
    }
    for (const garbage of ['{not json', JSON.stringify({ id: 'e-y' }), JSON.stringify({ ...envelope, id: 'a\nb' })]) {
      const res = await postWebhook(garbage);
      expect(res.status).toBe(400);
      await res.body?.cancel();
    }
  });

  it('replays what arrived after Last-Event-ID on reconnect', async () => {
    const live = await openLive(clerk);
    const a = await publish('d-3', 'Accepted');
    await live.waitFor((f) => f.id === a.id);
    live.close();
    const b = await publish('d-3', 'Released');
    // Wait until the BFF has it (it arrives over the webhook while nobody listens).
    await expect
      .poll(
        async () =>
          inboxEventListSchema.parse(
            await (await fetch(`${bff.url}/api/events?declarationId=d-3`, { headers: { authorization: `Bearer ${clerk}` } })).json(),
          ).events.length,
      )
      .toBe(2);
    const resumed = await openLive(clerk, a.id);
    const replayed = await resumed.waitFor((f) => f.id === b.id);
    expect(replayed.event).toBe('DeclarationStatusChanged');
    expect(resumed.frames.map((f) => f.id)).not.toContain(a.id);
  });
});

describe('/api/events', () => {
  it('returns the declaration’s events, newest first, to any signed-in role', async () => {
    const older = await publish('d-4', 'Accepted');
    const newer = await publish('d-4', 'Released');
    const analyst = await idp.token({ roles: ['analyst'] });
    const read = async () =>
      inboxEventListSchema.parse(
        await (await fetch(`${bff.url}/api/events?declarationId=d-4`, { headers: { authorization: `Bearer ${analyst}` } })).json(),
      );
    await expect.poll(async () => (await read()).events.length).toBe(2);
    const { events } = await read();
    expect(events.map((e) => e.event.id)).toEqual([newer.id, older.id]);
    expect((await fetch(`${bff.url}/api/events?declarationId=d-4`)).status).toBe(401);
    expect((await fetch(`${bff.url}/api/events`, { headers: { authorization: `Bearer ${analyst}` } })).status).toBe(400);
  });
});

describe('restart', () => {
  it('keeps the subscriptions across a restart (none created twice) and replaces them when the public URL changes', async () => {
    const before = (await sandboxSubscriptions()).map((s) => s.id).sort();
    const dataDir = bff.dataDir;
    const keep = { dataDir, port, databaseUrl: bff.databaseUrl };
    await bff.app.close();
    bff = await startBff(env(), keep);
    await bff.live.bootstrap?.whenSynced();
    expect((await sandboxSubscriptions()).map((s) => s.id).sort()).toEqual(before);

    // Moved: new subscriptions toward the new URL first, then the old ones deleted.
    await bff.app.close();
    const moved = await startBff({ ...env(), PUBLIC_URL: `http://127.0.0.1:${port}` }, keep);
    bff = moved;
    await moved.live.bootstrap?.whenSynced();
    const after = await sandboxSubscriptions();
    expect(after).toHaveLength(LIVE_EVENT_TYPES.length);
    expect(after.map((s) => s.id).filter((id) => before.includes(id))).toEqual([]);
    expect(new Set(after.map((s) => s.destinationUrl))).toEqual(new Set([`http://127.0.0.1:${port}/webhooks/customs`]));

    // Still delivered end to end after the move.
    const live = await openLive(clerk);
    const e = await publish('d-5');
    await live.waitFor((f) => f.id === e.id);
  });

  it('never crashes when the service is unreachable: it retries and reports it', async () => {
    const down = await startBff({ ...env(), UPSTREAM_BASE_URL: 'http://127.0.0.1:9' });
    try {
      await expect.poll(() => down.live.bootstrap?.state.status, { timeout: 5_000 }).toBe('retrying');
      const res = await fetch(`${down.url}/readyz`);
      expect(await res.json()).toMatchObject({ live: { enabled: true, status: 'retrying', failures: expect.any(Number) as number } });
    } finally {
      await down.close();
    }
  });
});
