import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contract/problem.js';
import {
  subscriptionCreatedSchema,
  subscriptionListSchema,
  subscriptionSchema,
  type SubscriptionCreateInput,
} from '../../contract/subscriptions.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { createSubscriptionsFeature } from './subscriptions-feature.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({}, { features: [createSubscriptionsFeature()] });
});
afterAll(async () => sandbox.close());

const body = (over: Partial<SubscriptionCreateInput> = {}, destination: Record<string, unknown> = {}): Record<string, unknown> => ({
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Released',
  subscriptionDestination: { destinationType: 'OAuthApiDestination' },
  destinationDescription: { destinationUrl: 'https://hooks.example.com/customs', ...destination },
  ...over,
});

const post = (payload: unknown, clientId?: string) =>
  sandbox.call('/v1/subscriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    clientId,
  });

async function problemNames(res: Response): Promise<string[]> {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const problem = problemSchema.parse(await res.json());
  return (problem['invalid-parameters'] ?? []).map((p) => p.name);
}

describe('POST /v1/subscriptions', () => {
  it('answers 201 with id, types and destination type only, plus a Location', async () => {
    const res = await post(body({}, { additionalHeaders: [{ name: 'X-Api-Key', value: 'k' }] }));
    expect(res.status).toBe(201);
    const json: unknown = await res.json();
    const created = subscriptionCreatedSchema.parse(json);
    expect(json).toEqual({
      id: created.id,
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Released',
      subscriptionDestination: { destinationType: 'OAuthApiDestination' },
    });
    expect(res.headers.get('location')).toBe(`/v1/subscriptions/${created.id}`);
  });

  it('omits eventSubType for a subscription to every subtype', async () => {
    const res = await post(body({ eventSubType: undefined }));
    expect(res.status).toBe(201);
    expect(await res.json()).not.toHaveProperty('eventSubType');
  });

  it('accepts plain HTTP only for loopback receivers', async () => {
    for (const url of ['http://localhost:9000/hook', 'http://127.0.0.1:9000/hook', 'http://[::1]:9000/hook']) {
      expect((await post(body({}, { destinationUrl: url }))).status, url).toBe(201);
    }
    const res = await post(body({}, { destinationUrl: 'http://hooks.example.com/customs' }));
    expect(res.status).toBe(400);
    expect(await problemNames(res)).toEqual(['destinationDescription.destinationUrl']);
    const ftp = await post(
      body(
        {},
        { destinationUrl: 'ftp://hooks.example.com/x', accessTokenUrl: 'http://idp.example.com/token', clientId: 'c', clientSecret: 's' },
      ),
    );
    expect(await problemNames(ftp)).toEqual(['destinationDescription.destinationUrl', 'destinationDescription.accessTokenUrl']);
  });

  it('refuses Authorization as an additional header when accessTokenUrl is set, in any case', async () => {
    const oauth = { accessTokenUrl: 'https://idp.example.com/token', clientId: 'c', clientSecret: 's' };
    const res = await post(
      body(
        {},
        {
          ...oauth,
          additionalHeaders: [
            { name: 'X-Trace', value: '1' },
            { name: 'authorization', value: 'Bearer x' },
          ],
        },
      ),
    );
    expect(res.status).toBe(400);
    expect(await problemNames(res)).toEqual(['destinationDescription.additionalHeaders.1.name']);
    // A shared-secret Authorization header without OAuth is the specification's alternative.
    expect((await post(body({}, { additionalHeaders: [{ name: 'Authorization', value: 'Basic abc' }] }))).status).toBe(201);
  });

  it('requires clientId and clientSecret with accessTokenUrl, and refuses them without it', async () => {
    const missing = await post(body({}, { accessTokenUrl: 'https://idp.example.com/token', scope: 'hooks' }));
    expect(await problemNames(missing)).toEqual(['destinationDescription.clientId', 'destinationDescription.clientSecret']);
    const stray = await post(body({}, { clientId: 'c', clientSecret: 's' }));
    expect(await problemNames(stray)).toEqual(['destinationDescription.clientId', 'destinationDescription.clientSecret']);
  });

  it('names every faulty field at once: missing eventType, wrong destination type, reserved header', async () => {
    const res = await post({
      subscriptionDestination: { destinationType: 'Email' },
      destinationDescription: {
        destinationUrl: 'https://hooks.example.com',
        additionalHeaders: [{ name: 'Content-Type', value: 'text/plain' }],
      },
    });
    expect(res.status).toBe(400);
    const problem = problemSchema.parse(await res.json());
    expect(problem).toMatchObject({ status: 400, title: 'Bad Request', instance: '/v1/subscriptions' });
    expect(problem['invalid-parameters']).toEqual([
      { name: 'eventType', reason: 'is required' },
      { name: 'subscriptionDestination.destinationType', reason: 'must be OAuthApiDestination' },
      { name: 'destinationDescription.additionalHeaders.0.name', reason: 'is set by the service or the transport and cannot be given' },
    ]);
  });

  it('refuses a misspelt eventType but accepts types the specification does not name', async () => {
    for (const typo of ['DeclarationStatusChange', 'declarationstatuschanged', 'CoOPdfCreated', 'Declaration Status Changed']) {
      const res = await post(body({ eventType: typo }));
      expect(res.status, typo).toBe(400);
      expect(await problemNames(res)).toEqual(['eventType']);
    }
    const res = await post(body({ eventType: 'DeclarationStatusChangd' }));
    expect(problemSchema.parse(await res.json())['invalid-parameters']?.[0]?.reason).toContain('did you mean DeclarationStatusChanged?');
    // Other sandbox parts emit their own types; the real service has unpublished ones.
    expect((await post(body({ eventType: 'FormulaInformation', eventSubType: 'CreationUnsuccessful' }))).status).toBe(201);
  });

  it('refuses an empty eventSubType and a missing destinationDescription', async () => {
    expect(await problemNames(await post(body({ eventSubType: '' })))).toEqual(['eventSubType']);
    expect(
      await problemNames(
        await post({ eventType: 'DeclarationPdfCreated', subscriptionDestination: { destinationType: 'OAuthApiDestination' } }),
      ),
    ).toEqual(['destinationDescription']);
    const noBody = await sandbox.call('/v1/subscriptions', { method: 'POST' });
    expect(noBody.status).toBe(400);
  });

  it('answers 403 to a client without create:subscriptions and 401 without a token', async () => {
    const res = await post(body(), 'reader-acc');
    expect(res.status).toBe(403);
    expect(problemSchema.parse(await res.json()).detail).toContain('create:subscriptions');
    const anonymous = await fetch(`${sandbox.url}/v1/subscriptions`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET, DELETE /v1/subscriptions', () => {
  it('lists active subscriptions of the tenant without destination details', async () => {
    const created = subscriptionCreatedSchema.parse(
      await (await post(body({ eventType: 'CoOPDFCreated', eventSubType: 'CertificateOfOrigin' }))).json(),
    );
    const res = await sandbox.call('/v1/subscriptions', { clientId: 'reader-acc' });
    expect(res.status).toBe(200);
    const json: unknown = await res.json();
    const list = subscriptionListSchema.parse(json);
    expect(list).toContainEqual({
      id: created.id,
      eventType: 'CoOPDFCreated',
      eventSubType: 'CertificateOfOrigin',
      subscriptionDestination: { destinationType: 'OAuthApiDestination' },
    });
    expect(JSON.stringify(json)).not.toContain('destinationUrl');
    // Another tenant sees none of them.
    expect(subscriptionListSchema.parse(await (await sandbox.call('/v1/subscriptions', { clientId: 'noclass-acc' })).json())).toEqual([]);
  });

  it('reads one with destination details, secrets masked', async () => {
    const destination = {
      destinationUrl: 'https://hooks.example.com/oauth',
      accessTokenUrl: 'https://idp.example.com/token',
      clientId: 'hook-client',
      clientSecret: 'top-secret',
      scope: 'hooks/.default',
      audience: 'api://hooks',
      additionalHeaders: [{ name: 'X-Tenant', value: 'acme-secret-value' }],
    };
    const { id } = subscriptionCreatedSchema.parse(await (await post(body({ eventSubType: undefined }, destination))).json());
    const res = await sandbox.call(`/v1/subscriptions/${id}`, { clientId: 'reader-acc' });
    expect(res.status).toBe(200);
    const json: unknown = await res.json();
    expect(subscriptionSchema.parse(json)).toEqual({
      id,
      eventType: 'DeclarationStatusChanged',
      subscriptionDestination: { destinationType: 'OAuthApiDestination' },
      destinationDescription: { ...destination, clientSecret: '********', additionalHeaders: [{ name: 'X-Tenant', value: '********' }] },
    });
    expect(JSON.stringify(json)).not.toContain('secret-value');
    expect(JSON.stringify(json)).not.toContain('top-secret');
  });

  it('answers 404 problems for an unknown id and for another tenant, on read and delete', async () => {
    const { id } = subscriptionCreatedSchema.parse(await (await post(body())).json());
    for (const [path, init] of [
      ['/v1/subscriptions/00000000-0000-4000-8000-000000000000', {}],
      [`/v1/subscriptions/${id}`, { clientId: 'noclass-acc' }],
      [`/v1/subscriptions/${id}`, { clientId: 'noclass-acc', method: 'DELETE' }],
    ] as const) {
      const res = await sandbox.call(path, init);
      expect(res.status, `${path} ${JSON.stringify(init)}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('deletes with 204 (delete:subscriptions), then 404 and gone from the list', async () => {
    const { id } = subscriptionCreatedSchema.parse(await (await post(body())).json());
    expect((await sandbox.call(`/v1/subscriptions/${id}`, { method: 'DELETE', clientId: 'reader-acc' })).status).toBe(403);
    const res = await sandbox.call(`/v1/subscriptions/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await sandbox.call(`/v1/subscriptions/${id}`)).status).toBe(404);
    expect((await sandbox.call(`/v1/subscriptions/${id}`, { method: 'DELETE' })).status).toBe(404);
    const list = subscriptionListSchema.parse(await (await sandbox.call('/v1/subscriptions')).json());
    expect(list.map((s) => s.id)).not.toContain(id);
  });

  it('has no update operation: PUT and PATCH answer 405 with Allow', async () => {
    const { id } = subscriptionCreatedSchema.parse(await (await post(body())).json());
    for (const method of ['PUT', 'PATCH']) {
      const res = await sandbox.call(`/v1/subscriptions/${id}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body()),
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, DELETE');
      expect(problemSchema.parse(await res.json()).status).toBe(405);
    }
    expect((await sandbox.call('/v1/subscriptions', { method: 'DELETE' })).status).toBe(405);
  });
});
