import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../server-kit/database/engine.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import type { StoredSubscription } from './subscriptions-repository.js';

const stores: SandboxStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function reposOn(engine: Engine) {
  const { store } = await openTestStore(engine);
  stores.push(store);
  return store.repos;
}

let n = 0;
const subscription = (over: Partial<StoredSubscription> = {}): StoredSubscription => ({
  id: `s-${++n}`,
  tenantId: 't-1',
  eventType: 'DeclarationStatusChanged',
  destinationType: 'OAuthApiDestination',
  destination: {
    destinationUrl: 'https://hooks.example.com',
    clientId: 'c',
    clientSecret: 'secret',
    additionalHeaders: [{ name: 'X-Key', value: 'v' }],
  },
  createdAt: 1_000,
  ...over,
});

const released = { tenantId: 't-1', eventType: 'DeclarationStatusChanged', eventSubType: 'Released' };

describe.each(testEngines())('subscriptions repository on %s', (engine) => {
  it('stores subscriptions with their destination and finds the active ones of a tenant', async () => {
    const { subscriptions } = await reposOn(engine);
    const a = subscription({ eventSubType: 'Released' });
    const b = subscription({ createdAt: 500 });
    const other = subscription({ tenantId: 't-2' });
    for (const s of [a, b, other]) await subscriptions.insert(s);

    expect(await subscriptions.find('t-1', a.id)).toEqual(a);
    expect(await subscriptions.find('t-2', a.id)).toBeUndefined();
    expect((await subscriptions.listActive('t-1')).map((s) => s.id)).toEqual([b.id, a.id]);

    expect(await subscriptions.softDelete('t-2', a.id, 2_000)).toBe(false);
    expect(await subscriptions.softDelete('t-1', a.id, 2_000)).toBe(true);
    expect(await subscriptions.softDelete('t-1', a.id, 3_000)).toBe(false);
    expect(await subscriptions.find('t-1', a.id)).toBeUndefined();
    expect(await subscriptions.get(a.id)).toEqual({ ...a, deletedAt: 2_000 });
    expect((await subscriptions.listActive('t-1')).map((s) => s.id)).toEqual([b.id]);
  });

  it('matches an event by tenant, type, subtype or none, and only subscriptions that existed at its time', async () => {
    const { subscriptions } = await reposOn(engine);
    const everySubtype = subscription();
    const sameSubtype = subscription({ eventSubType: 'Released' });
    const otherSubtype = subscription({ eventSubType: 'Invalid' });
    const otherType = subscription({ eventType: 'DeclarationPdfCreated' });
    const otherTenant = subscription({ tenantId: 't-2' });
    const later = subscription({ createdAt: 1_001 });
    const deleted = subscription();
    for (const s of [everySubtype, sameSubtype, otherSubtype, otherType, otherTenant, later, deleted]) await subscriptions.insert(s);
    await subscriptions.softDelete('t-1', deleted.id, 1_000);

    expect((await subscriptions.matching(released, 1_000)).map((s) => s.id)).toEqual([everySubtype.id, sameSubtype.id]);
    expect((await subscriptions.matching(released, 1_001)).map((s) => s.id)).toEqual([everySubtype.id, sameSubtype.id, later.id]);
    expect((await subscriptions.matching({ ...released, eventSubType: '' }, 1_000)).map((s) => s.id)).toEqual([everySubtype.id]);
  });
});

describe.each(testEngines())('deliveries repository on %s', (engine) => {
  async function withSubscription() {
    const repos = await reposOn(engine);
    const sub = subscription();
    await repos.subscriptions.insert(sub);
    return { ...repos, sub };
  }

  it('creates one pending delivery per event and subscription, due at once', async () => {
    const { deliveries, sub } = await withSubscription();
    const created = await deliveries.create({ subscriptionId: sub.id, eventId: 'e-1', tenantId: 't-1', createdAt: 10, expiresAt: 100 });
    expect(created).toEqual({
      id: created?.id,
      subscriptionId: sub.id,
      eventId: 'e-1',
      tenantId: 't-1',
      status: 'pending',
      attempts: 0,
      createdAt: 10,
      expiresAt: 100,
      nextAttemptAt: 10,
      lastAttemptAt: null,
      lastStatus: null,
      lastError: null,
      completedAt: null,
    });
    expect(
      await deliveries.create({ subscriptionId: sub.id, eventId: 'e-1', tenantId: 't-1', createdAt: 20, expiresAt: 100 }),
    ).toBeUndefined();
    expect(await deliveries.get(created?.id ?? '')).toEqual(created);
  });

  it('records attempts on pending deliveries only', async () => {
    const { deliveries, sub } = await withSubscription();
    const make = async (eventId: string) => {
      const d = await deliveries.create({ subscriptionId: sub.id, eventId, tenantId: 't-1', createdAt: 10, expiresAt: 1_000 });
      if (!d) throw new Error('not created');
      return d.id;
    };
    const [ok, retry, expired] = [await make('e-1'), await make('e-2'), await make('e-3')];

    expect(await deliveries.failed(retry, { at: 20, status: 503, error: 'HTTP 503' }, 120)).toBe(true);
    expect(await deliveries.get(retry)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastAttemptAt: 20,
      lastStatus: 503,
      lastError: 'HTTP 503',
      nextAttemptAt: 120,
      completedAt: null,
    });
    expect(await deliveries.delivered(ok, { at: 30, status: 200, error: null })).toBe(true);
    expect(await deliveries.get(ok)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
      nextAttemptAt: null,
      completedAt: 30,
    });
    expect(await deliveries.delivered(ok, { at: 31, status: 200, error: null })).toBe(false);
    expect(await deliveries.expiredAfter(expired, { at: 40, status: null, error: 'no answer' })).toBe(true);
    expect(await deliveries.get(expired)).toMatchObject({ status: 'expired', attempts: 1, lastError: 'no answer', completedAt: 40 });
  });

  it('closes without an attempt, keeping an earlier error, and cancels what a deleted subscription had pending', async () => {
    const { deliveries, sub } = await withSubscription();
    const create = async (eventId: string) =>
      (await deliveries.create({ subscriptionId: sub.id, eventId, tenantId: 't-1', createdAt: 10, expiresAt: 1_000 }))?.id ?? '';
    const [failedBefore, fresh, pending, done] = [await create('e-1'), await create('e-2'), await create('e-3'), await create('e-4')];
    await deliveries.failed(failedBefore, { at: 20, status: 500, error: 'HTTP 500' }, 50);
    await deliveries.delivered(done, { at: 20, status: 204, error: null });

    expect(await deliveries.close(failedBefore, 'expired', 60, 'window over')).toBe(true);
    expect(await deliveries.get(failedBefore)).toMatchObject({
      status: 'expired',
      lastError: 'HTTP 500',
      completedAt: 60,
      nextAttemptAt: null,
    });
    expect(await deliveries.close(fresh, 'cancelled', 60, 'event gone')).toBe(true);
    expect(await deliveries.get(fresh)).toMatchObject({ status: 'cancelled', lastError: 'event gone', attempts: 0 });

    expect(await deliveries.cancelForSubscription(sub.id, 70)).toBe(1);
    expect(await deliveries.get(pending)).toMatchObject({ status: 'cancelled', completedAt: 70 });
    expect(await deliveries.get(done)).toMatchObject({ status: 'delivered' });
    // An attempt that was in flight meanwhile changes nothing.
    expect(await deliveries.failed(pending, { at: 80, status: 500, error: 'HTTP 500' }, 90)).toBe(false);
  });

  it('lists newest first, filtered by subscription, event and status, up to the limit', async () => {
    const { deliveries, subscriptions, sub } = await withSubscription();
    const other = subscription();
    await subscriptions.insert(other);
    const a = await deliveries.create({ subscriptionId: sub.id, eventId: 'e-1', tenantId: 't-1', createdAt: 10, expiresAt: 100 });
    const b = await deliveries.create({ subscriptionId: sub.id, eventId: 'e-2', tenantId: 't-1', createdAt: 20, expiresAt: 100 });
    const c = await deliveries.create({ subscriptionId: other.id, eventId: 'e-1', tenantId: 't-1', createdAt: 30, expiresAt: 100 });
    await deliveries.delivered(b?.id ?? '', { at: 25, status: 200, error: null });

    expect((await deliveries.list({ limit: 10 })).map((d) => d.id)).toEqual([c?.id, b?.id, a?.id]);
    expect((await deliveries.list({ subscriptionId: sub.id, limit: 10 })).map((d) => d.id)).toEqual([b?.id, a?.id]);
    expect((await deliveries.list({ eventId: 'e-1', limit: 10 })).map((d) => d.id)).toEqual([c?.id, a?.id]);
    expect((await deliveries.list({ status: 'delivered', limit: 10 })).map((d) => d.id)).toEqual([b?.id]);
    expect((await deliveries.list({ limit: 1 })).map((d) => d.id)).toEqual([c?.id]);
  });
});
