import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemSchema } from '../../contract/problem.js';
import { DESTINATION_TYPE } from '../../contract/subscriptions.js';
import type { SandboxConfigInput } from '../config.js';
import type { StoredDestination } from '../store/platform/subscriptions-repository.js';
import { eventually } from '../../server-kit/test-support/eventually.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { createSubscriptionsFeature } from './subscriptions-feature.js';
import { startReceiver, type Receiver } from './test-receiver.js';

/**
 * Hole 1 (issue 11): a subscription whose destination was the sandbox's own reset URL wiped every
 * tenant's data with the next event. Destinations and token urls on the sandbox itself, on
 * link-local, private and metadata addresses are refused at creation and again at delivery.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function sandboxWith(config: SandboxConfigInput = {}): Promise<RunningSandbox> {
  const s = await startSandbox({ seed: false, ...config }, { features: [createSubscriptionsFeature({ timeoutMs: 2_000 })] });
  cleanups.push(() => s.close());
  return s;
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  cleanups.push(() => r.close());
  return r;
}

const create = (sb: RunningSandbox, destinationDescription: Record<string, unknown>) =>
  sb.call('/v1/subscriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      eventType: 'DeclarationStatusChanged',
      subscriptionDestination: { destinationType: DESTINATION_TYPE },
      destinationDescription,
    }),
  });

const listed = async (sb: RunningSandbox): Promise<number> =>
  z.array(z.unknown()).parse(await (await sb.call('/v1/subscriptions')).json()).length;

async function expectRefused(sb: RunningSandbox, description: Record<string, unknown>, field: string, reason: RegExp): Promise<void> {
  const res = await create(sb, description);
  expect(res.status, JSON.stringify(description)).toBe(400);
  const problem = problemSchema.parse(await res.json());
  const named = problem['invalid-parameters']?.find((p) => p.name === `destinationDescription.${field}`);
  expect(named?.reason, JSON.stringify(description)).toMatch(reason);
}

describe('webhook destinations at creation', () => {
  it('refuses the sandbox itself, its controls, private, link-local, metadata and reserved addresses; nothing is stored', async () => {
    const sb = await sandboxWith();
    const port = new URL(sb.url).port;
    await expectRefused(sb, { destinationUrl: `${sb.url}/_sandbox/reset` }, 'destinationUrl', /sandbox itself/);
    await expectRefused(sb, { destinationUrl: `http://127.0.0.1:${port}/v1/declarations` }, 'destinationUrl', /sandbox itself/);
    await expectRefused(sb, { destinationUrl: `http://[::1]:${port}/hook` }, 'destinationUrl', /sandbox itself/);
    await expectRefused(sb, { destinationUrl: 'http://localhost:9/_sandbox/reset' }, 'destinationUrl', /sandbox controls/);
    await expectRefused(sb, { destinationUrl: 'http://localhost:9/%5Fsandbox/reset' }, 'destinationUrl', /sandbox controls/);
    for (const [url, reason] of [
      ['https://10.0.0.1/hook', /private/],
      ['https://172.20.1.1/hook', /private/],
      ['https://192.168.1.10/hook', /private/],
      ['https://[fd12::1]/hook', /private/],
      ['https://169.254.10.10/hook', /link-local/],
      ['https://[fe80::1]/hook', /link-local/],
      ['https://169.254.169.254/latest/meta-data/', /metadata/],
      ['https://[::ffff:169.254.169.254]/', /metadata/],
      ['https://[::ffff:a9fe:a9fe]/', /metadata/],
      ['https://[fd00:ec2::254]/', /metadata/],
      ['https://metadata.google.internal/computeMetadata/v1/', /metadata/],
      ['https://0.0.0.0/hook', /unspecified/],
      ['https://[::]/hook', /unspecified/],
      ['https://[::ffff:10.0.0.1]/hook', /private/],
      ['https://[64:ff9b::a00:1]/hook', /private/],
    ] as const) {
      await expectRefused(sb, { destinationUrl: url }, 'destinationUrl', reason);
    }
    await expectRefused(
      sb,
      {
        destinationUrl: 'https://receiver.example/hook',
        accessTokenUrl: 'https://169.254.169.254/token',
        clientId: 'c',
        clientSecret: 's',
      },
      'accessTokenUrl',
      /metadata/,
    );
    await expectRefused(
      sb,
      { destinationUrl: 'https://receiver.example/hook', accessTokenUrl: `${sb.url}/oauth2/v2.0/token`, clientId: 'c', clientSecret: 's' },
      'accessTokenUrl',
      /sandbox itself/,
    );
    expect(await listed(sb)).toBe(0);
  });

  it('accepts public destinations and, with loopback allowed, a local receiver', async () => {
    const sb = await sandboxWith();
    const hook = await receiver();
    expect((await create(sb, { destinationUrl: 'https://receiver.example/hook' })).status).toBe(201);
    expect((await create(sb, { destinationUrl: `${hook.url}/hook` })).status).toBe(201);
    expect(await listed(sb)).toBe(2);
  });

  it('refuses loopback receivers unless SANDBOX_ALLOW_LOOPBACK_WEBHOOKS is on', async () => {
    const sb = await sandboxWith({ allowLoopbackWebhooks: false });
    const hook = await receiver();
    await expectRefused(sb, { destinationUrl: `${hook.url}/hook` }, 'destinationUrl', /loopback.*SANDBOX_ALLOW_LOOPBACK_WEBHOOKS/);
    await expectRefused(sb, { destinationUrl: 'http://localhost:8080/webhooks/customs' }, 'destinationUrl', /loopback/);
    await expectRefused(sb, { destinationUrl: 'https://2130706433/hook' }, 'destinationUrl', /loopback/);
    await expectRefused(sb, { destinationUrl: 'https://[::127.0.0.1]/hook' }, 'destinationUrl', /loopback/);
    expect(await listed(sb)).toBe(0);
  });
});

describe('webhook destinations at delivery', () => {
  /** A destination stored before the rules, or one whose name now resolves elsewhere: straight into the store. */
  async function storedSubscription(sb: RunningSandbox, destination: StoredDestination): Promise<string> {
    const id = randomUUID();
    await sb.ctx.store.repos.subscriptions.insert({
      id,
      tenantId: 't-acc-001',
      eventType: 'DeclarationStatusChanged',
      destinationType: DESTINATION_TYPE,
      destination,
      createdAt: Date.now() - 1_000,
    });
    return id;
  }

  const publish = (sb: RunningSandbox) =>
    sb.ctx.store.transaction((tx) =>
      sb.ctx.events.publishIn(tx, {
        tenantId: 't-acc-001',
        eventType: 'DeclarationStatusChanged',
        eventSubType: 'Released',
        data: { id: 'DEC-1' },
      }),
    );

  const deliveryView = z.array(z.looseObject({ status: z.string(), attempts: z.number(), lastError: z.string().nullable() }));

  async function firstFailure(sb: RunningSandbox, subscriptionId: string): Promise<string> {
    const [d] = await eventually(
      async () => deliveryView.parse(await (await sb.control(`/_sandbox/deliveries?subscriptionId=${subscriptionId}`)).json()),
      (all) => Boolean(all[0]?.lastError),
      { what: 'a failed attempt', timeoutMs: 20_000 },
    );
    return d?.lastError ?? '';
  }

  it('never reaches a loopback receiver when loopback is not allowed: the attempt fails', async () => {
    const sb = await sandboxWith({ allowLoopbackWebhooks: false });
    const hook = await receiver();
    const byName = await storedSubscription(sb, {
      destinationUrl: `http://localhost:${new URL(hook.url).port}/hook`,
      additionalHeaders: [],
    });
    const byAddress = await storedSubscription(sb, {
      destinationUrl: `https://[::ffff:127.0.0.1]:${new URL(hook.url).port}/hook`,
      additionalHeaders: [],
    });
    await publish(sb);
    expect(await firstFailure(sb, byName)).toMatch(/loopback/);
    expect(await firstFailure(sb, byAddress)).toMatch(/loopback/);
    expect(hook.received).toHaveLength(0);
  });

  it('never posts to the sandbox itself: its data survives an event for a destination on its own reset URL', async () => {
    const sb = await sandboxWith();
    const port = new URL(sb.url).port;
    const own = await storedSubscription(sb, { destinationUrl: `http://127.0.0.1:${port}/_sandbox/reset`, additionalHeaders: [] });
    const token = await storedSubscription(sb, {
      destinationUrl: 'https://receiver.example/hook',
      accessTokenUrl: 'https://10.255.255.1/token',
      clientId: 'c',
      clientSecret: 's',
      additionalHeaders: [],
    });
    await publish(sb);
    expect(await firstFailure(sb, own)).toMatch(/sandbox/);
    expect(await firstFailure(sb, token)).toMatch(/accessTokenUrl .*private/);
    expect(await sb.ctx.store.repos.subscriptions.get(own)).toBeDefined();
  });
});
