import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventEnvelopeSchema } from '../../contract/events.js';
import { subscriptionCreatedSchema } from '../../contract/subscriptions.js';
import type { SandboxConfigInput } from '../config.js';
import { eventually } from '../../server-kit/test-support/eventually.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { createSubscriptionsFeature, type SubscriptionsFeatureOptions } from './subscriptions-feature.js';
import { startReceiver, type Receiver, type ReceivedRequest, type Respond } from './test-receiver.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function sandboxWith(config: SandboxConfigInput = {}, options: SubscriptionsFeatureOptions = {}): Promise<RunningSandbox> {
  const s = await startSandbox(config, { features: [createSubscriptionsFeature(options)] });
  cleanups.push(() => s.close());
  return s;
}

async function receiver(respond?: Respond): Promise<Receiver> {
  const r = await startReceiver(respond);
  cleanups.push(() => r.close());
  return r;
}

async function subscribe(
  sandbox: RunningSandbox,
  destinationDescription: Record<string, unknown>,
  eventType = 'DeclarationStatusChanged',
  eventSubType?: string,
): Promise<string> {
  const res = await sandbox.call('/v1/subscriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      eventType,
      eventSubType,
      subscriptionDestination: { destinationType: 'OAuthApiDestination' },
      destinationDescription,
    }),
  });
  expect(res.status).toBe(201);
  return subscriptionCreatedSchema.parse(await res.json()).id;
}

const statusChange = (eventSubType: string, tenantId: string, eventType: string) => ({
  tenantId,
  eventType,
  eventSubType,
  data: { id: 'DEC-1', currentStatus: eventSubType, mrn: '24GB000000000001' },
});

/** Publishes as a part on the store does: the event and its deliveries in one transaction. */
const publish = (sandbox: RunningSandbox, eventSubType = 'Released', tenantId = 't-acc-001', eventType = 'DeclarationStatusChanged') =>
  sandbox.ctx.store.transaction((tx) => sandbox.ctx.events.publishIn(tx, statusChange(eventSubType, tenantId, eventType)));

const envelopeOf = (r: ReceivedRequest) => eventEnvelopeSchema.parse(JSON.parse(r.text));

const deliveryViewSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  eventId: z.string(),
  status: z.enum(['pending', 'delivered', 'expired', 'cancelled']),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  expiresAt: z.string(),
});

async function deliveries(sandbox: RunningSandbox, subscriptionId: string) {
  const res = await sandbox.control(`/_sandbox/deliveries?subscriptionId=${subscriptionId}`);
  return z.array(deliveryViewSchema).parse(await res.json());
}

const waitUntil = <T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5_000): Promise<T> =>
  eventually(probe, ok, { timeoutMs, intervalMs: 20 });

describe('webhook delivery', () => {
  it('POSTs the envelope as JSON with the additional headers', async () => {
    const sandbox = await sandboxWith();
    const hook = await receiver();
    const subId = await subscribe(sandbox, {
      destinationUrl: `${hook.url}/hook`,
      additionalHeaders: [{ name: 'X-Api-Key', value: 'shared-secret' }],
    });
    const published = await publish(sandbox);

    const [req] = await hook.waitFor(1);
    if (!req) throw new Error('no request');
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-api-key']).toBe('shared-secret');
    expect(req.headers.authorization).toBeUndefined();
    const envelope = envelopeOf(req);
    expect(envelope).toEqual({
      id: published.id,
      tenantId: 't-acc-001',
      eventTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$/) as unknown,
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Released',
      data: published.data,
    });
    expect(Date.parse(envelope.eventTime)).toBe(Date.parse(published.eventTime));

    const [record] = await waitUntil(
      () => deliveries(sandbox, subId),
      (d) => d[0]?.status === 'delivered',
    );
    expect(record).toMatchObject({ eventId: published.id, attempts: 1, lastStatus: 200, lastError: null, nextAttemptAt: null });
  });

  it('fetches an OAuth token with client credentials once and reuses it', async () => {
    const sandbox = await sandboxWith();
    const idp = await receiver(() => ({ json: { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 } }));
    const hook = await receiver();
    await subscribe(sandbox, {
      destinationUrl: `${hook.url}/hook`,
      accessTokenUrl: `${idp.url}/oauth2/token`,
      clientId: 'hook-client',
      clientSecret: 'hook-secret',
      scope: 'hooks/.default',
      audience: 'api://hooks',
    });
    const a = await publish(sandbox);
    const b = await publish(sandbox, 'Invalid');

    const got = await hook.waitFor(2);
    expect(got.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1']);
    expect(new Set(got.map((r) => envelopeOf(r).id))).toEqual(new Set([a.id, b.id]));
    expect(idp.received).toHaveLength(1);
    const tokenRequest = idp.received[0];
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.text))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'hook-client',
      client_secret: 'hook-secret',
      scope: 'hooks/.default',
      audience: 'api://hooks',
    });
  });

  it('drops a token the receiver answers 401 to and retries with a fresh one', async () => {
    const sandbox = await sandboxWith({ timeScale: 100 });
    const idp = await receiver((_r, i) => ({ json: { access_token: `tok-${i + 1}`, expires_in: 3600 } }));
    const hook = await receiver((r) => ({ status: r.headers.authorization === 'Bearer tok-1' ? 401 : 204 }));
    await subscribe(sandbox, { destinationUrl: `${hook.url}/hook`, accessTokenUrl: `${idp.url}/token`, clientId: 'c', clientSecret: 's' });
    await publish(sandbox);
    const got = await hook.waitFor(2);
    expect(got.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(idp.received).toHaveLength(2);
  });

  it('filters on subtype, type and tenant', async () => {
    const sandbox = await sandboxWith();
    const released = await receiver();
    const all = await receiver();
    await subscribe(sandbox, { destinationUrl: `${released.url}/hook` }, 'DeclarationStatusChanged', 'Released');
    await subscribe(sandbox, { destinationUrl: `${all.url}/hook` }, 'DeclarationStatusChanged');
    const r = await publish(sandbox, 'Released');
    const i = await publish(sandbox, 'Invalid');
    await publish(sandbox, 'Released', 't-acc-002'); // another tenant
    await publish(sandbox, 'SAD', 't-acc-001', 'DeclarationPdfCreated'); // another type

    await all.waitFor(2);
    await released.waitFor(1);
    await sandbox.ctx.jobs.drain(); // every due delivery made: nothing else is on its way
    expect(released.received.map((x) => envelopeOf(x).id)).toEqual([r.id]);
    expect(new Set(all.received.map((x) => envelopeOf(x).id))).toEqual(new Set([r.id, i.id]));
  });

  it('never delivers an event published before the subscription existed', async () => {
    const sandbox = await sandboxWith();
    const hook = await receiver();
    await publish(sandbox);
    await subscribe(sandbox, { destinationUrl: `${hook.url}/hook` });
    const after = await publish(sandbox);
    await hook.waitFor(1);
    await sandbox.ctx.jobs.drain();
    expect(hook.received.map((x) => envelopeOf(x).id)).toEqual([after.id]);
  });

  it('delivers nothing of a publish that rolls back: the event and its deliveries commit together', async () => {
    const sandbox = await sandboxWith();
    const hook = await receiver();
    const subId = await subscribe(sandbox, { destinationUrl: `${hook.url}/hook` });
    const attempt = sandbox.ctx.store.transaction(async (tx) => {
      await sandbox.ctx.events.publishIn(tx, statusChange('Released', 't-acc-001', 'DeclarationStatusChanged'));
      throw new Error('the status change failed');
    });
    await expect(attempt).rejects.toThrow('the status change failed');
    const kept = await publish(sandbox, 'Invalid');
    await hook.waitFor(1);
    await sandbox.ctx.jobs.drain();
    expect(hook.received.map((x) => envelopeOf(x).id)).toEqual([kept.id]);
    expect((await deliveries(sandbox, subId)).map((d) => d.eventId)).toEqual([kept.id]);
  });

  it('retries a failing receiver with the same envelope id at the scheduled offsets (time-scaled)', async () => {
    const sandbox = await sandboxWith({ timeScale: 100 }); // 10 s -> 100 ms, 30 s -> 300 ms
    const hook = await receiver((_r, i) => ({ status: i < 2 ? 503 : 200 }));
    const subId = await subscribe(sandbox, { destinationUrl: `${hook.url}/hook` });
    const published = await publish(sandbox);

    const [first, second, third] = await hook.waitFor(3);
    if (!first || !second || !third) throw new Error('missing requests');
    expect([first, second, third].map((r) => envelopeOf(r).id)).toEqual([published.id, published.id, published.id]);
    const gap1 = second.at - first.at;
    const gap2 = third.at - second.at;
    // Nominal 100 and 300 ms, jitter +-5%, plus the queue's 50 ms polling and scheduling noise.
    expect(gap1).toBeGreaterThanOrEqual(90);
    expect(gap1).toBeLessThan(250);
    expect(gap2).toBeGreaterThanOrEqual(280);
    expect(gap2).toBeLessThan(480);

    const [record] = await waitUntil(
      () => deliveries(sandbox, subId),
      (d) => d[0]?.status === 'delivered',
    );
    expect(record).toMatchObject({ attempts: 3, lastStatus: 200 });
  });

  it('keeps delivering to other subscriptions while a receiver hangs', async () => {
    const sandbox = await sandboxWith();
    const stuck = await receiver(() => ({ hang: true }));
    const fine = await receiver();
    await subscribe(sandbox, { destinationUrl: `${stuck.url}/hook` });
    await subscribe(sandbox, { destinationUrl: `${fine.url}/hook` });
    const started = Date.now();
    for (let i = 0; i < 8; i++) await publish(sandbox);
    await stuck.waitFor(8);
    await fine.waitFor(8, 3_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    // The API answers too.
    const res = await sandbox.call('/v1/subscriptions');
    expect(res.status).toBe(200);
  });

  it('resets the sandbox at once while a receiver hangs (in-flight attempts are abandoned, not awaited)', async () => {
    // Vitest's per-test timeout (30 s) is below the 60 s delivery timeout: a reset that waited would fail this test.
    const sandbox = await sandboxWith({}, { timeoutMs: 60_000 });
    const stuck = await receiver(() => ({ hang: true }));
    await subscribe(sandbox, { destinationUrl: `${stuck.url}/hook` });
    await publish(sandbox);
    await stuck.waitFor(1);
    const reset = await sandbox.control(`/_sandbox/reset`, { method: 'POST' });
    expect(reset.status).toBe(204);
    expect(await (await sandbox.call('/v1/subscriptions')).json()).toEqual([]);
  });

  it('fails an attempt when the receiver does not answer within the timeout', async () => {
    const sandbox = await sandboxWith({}, { timeoutMs: 200 });
    const stuck = await receiver(() => ({ hang: true }));
    const subId = await subscribe(sandbox, { destinationUrl: `${stuck.url}/hook` });
    await publish(sandbox);
    const [record] = await waitUntil(
      () => deliveries(sandbox, subId),
      (d) => d[0]?.attempts === 1,
    );
    expect(record).toMatchObject({ status: 'pending', lastStatus: null, lastError: 'no answer within 0.2 s' });
    expect(record?.nextAttemptAt).not.toBeNull();
  });

  it('counts a refused connection and a redirect as failures', async () => {
    const sandbox = await sandboxWith();
    const gone = await receiver();
    const goneUrl = `${gone.url}/hook`;
    await gone.close();
    const redirecting = await receiver(() => ({ status: 302 }));
    const goneId = await subscribe(sandbox, { destinationUrl: goneUrl });
    const redirectId = await subscribe(sandbox, { destinationUrl: `${redirecting.url}/hook` });
    await publish(sandbox);
    const [g] = await waitUntil(
      () => deliveries(sandbox, goneId),
      (d) => d[0]?.attempts === 1,
    );
    expect(g?.lastError).toContain('ECONNREFUSED');
    const [r] = await waitUntil(
      () => deliveries(sandbox, redirectId),
      (d) => d[0]?.attempts === 1,
    );
    expect(r).toMatchObject({ status: 'pending', lastStatus: 302, lastError: 'HTTP 302' });
  });

  it('stops delivering once the subscription is deleted', async () => {
    const sandbox = await sandboxWith({ timeScale: 100 });
    const hook = await receiver(() => ({ status: 500 }));
    const subId = await subscribe(sandbox, { destinationUrl: `${hook.url}/hook` });
    await publish(sandbox);
    await hook.waitFor(1);
    expect((await sandbox.call(`/v1/subscriptions/${subId}`, { method: 'DELETE' })).status).toBe(204);
    const seen = hook.received.length;
    await sandbox.ctx.jobs.drain();
    expect(hook.received.length).toBeLessThanOrEqual(seen + 1); // at most one attempt already in flight
    // Nothing is scheduled for a cancelled delivery, so no later attempt can come.
    const [record] = await deliveries(sandbox, subId);
    expect(record).toMatchObject({ status: 'cancelled', nextAttemptAt: null });
  });

  it('empties subscriptions and deliveries on POST /_sandbox/reset', async () => {
    const sandbox = await sandboxWith();
    const hook = await receiver(() => ({ status: 500 }));
    const subId = await subscribe(sandbox, { destinationUrl: `${hook.url}/hook` });
    await publish(sandbox);
    await waitUntil(
      () => deliveries(sandbox, subId),
      (d) => d[0]?.attempts === 1,
    );
    expect((await sandbox.control(`/_sandbox/reset`, { method: 'POST' })).status).toBe(204);
    expect(await (await sandbox.call('/v1/subscriptions')).json()).toEqual([]);
    expect(await deliveries(sandbox, subId)).toEqual([]);
  });

  it('keeps a pending retry across a restart on the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const features = [createSubscriptionsFeature()];
    const hook = await receiver((_r, i) => ({ status: i === 0 ? 500 : 200 }));

    const first = await startSandbox({ dataDir, timeScale: 10 }, { features }); // first retry after 1 s
    let running: RunningSandbox = first;
    cleanups.push(() => running.close());
    const subId = await subscribe(first, { destinationUrl: `${hook.url}/hook` });
    const published = await publish(first);
    await waitUntil(
      () => deliveries(first, subId),
      (d) => d[0]?.attempts === 1,
    );
    await first.stop();
    expect(hook.received).toHaveLength(1);

    running = await startSandbox({ dataDir, timeScale: 10 }, { features: [createSubscriptionsFeature()] });
    const [, retry] = await hook.waitFor(2, 5_000);
    if (!retry) throw new Error('no retry');
    expect(envelopeOf(retry).id).toBe(published.id);
    const [record] = await waitUntil(
      () => deliveries(running, subId),
      (d) => d[0]?.status === 'delivered',
    );
    expect(record?.attempts).toBe(2);
  });

  it('expires a delivery that keeps failing for 24 hours (time-scaled)', async () => {
    const sandbox = await sandboxWith({ timeScale: 36_000 }); // 24 h -> 2.4 s, 12 h -> 1.2 s
    const hook = await receiver(() => ({ status: 500 }));
    const subId = await subscribe(sandbox, { destinationUrl: `${hook.url}/hook` });
    const published = await publish(sandbox);

    const [record] = await waitUntil(
      () => deliveries(sandbox, subId),
      (d) => d[0]?.status === 'expired',
      8_000,
    );
    if (!record) throw new Error('no record');
    // 1 immediate attempt, 9 scheduled retries (10.8 h in all), then 12-hourly within 24 h: 11 nominally.
    // Queue polling (50 ms real = 30 min scaled per attempt) may push the last one past the window.
    expect(record.attempts).toBeGreaterThanOrEqual(10);
    expect(record.attempts).toBeLessThanOrEqual(11);
    expect(record).toMatchObject({ lastStatus: 500, lastError: 'HTTP 500', nextAttemptAt: null });
    expect(hook.received).toHaveLength(record.attempts);
    expect(new Set(hook.received.map((r) => envelopeOf(r).id))).toEqual(new Set([published.id]));
    await sandbox.ctx.jobs.drain();
    expect(hook.received).toHaveLength(record.attempts);
  });
});
