import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classificationSearchResultSchema } from '../contract/classification.js';
import { problemSchema } from '../contract/problem.js';
import { BODY_LIMIT_BYTES } from './app.js';
import { search, settle, validShipment } from './flows/test-fixtures.js';
import { DEMO_CLIENTS, serviceAudienceFor } from './identity/demo-clients.js';
import { ServiceTokens } from './identity/service-token.js';
import { startSandbox, type RunningSandbox } from './test-support/start-sandbox.js';

/**
 * The bad-input probes of issue 11, kept: every way a client can send something wrong is a 4xx
 * problem document, and nothing of it is stored (checked through the API).
 */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false });
});
afterAll(() => sb.close());

const MARK = `BADINPUT-${Date.now()}`;

async function expectProblem(res: Response, status: number): Promise<void> {
  expect(res.status, `${res.url}`).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(problemSchema.parse(await res.json()).status).toBe(status);
}

const send = (path: string, method: string, contentType: string, body: string, clientId?: string) =>
  sb.call(path, { method, headers: { 'content-type': contentType }, body, ...(clientId ? { clientId } : {}) });

const JSON_ENDPOINTS: [method: string, path: string][] = [
  ['POST', '/v1/customsshipments'],
  ['POST', '/v1/articledataitems'],
  ['POST', '/v1/businesspartners'],
  ['POST', '/v1/formulas'],
  ['POST', '/v1/materiallists'],
  ['POST', '/v1/certificatesoforigin'],
  ['POST', '/v1/shipments'],
  ['POST', '/v1/movementorders'],
  ['POST', '/v1/subscriptions'],
  ['POST', '/v1/classifications/items'],
];

describe('malformed bodies', () => {
  it.each(JSON_ENDPOINTS)('%s %s: malformed JSON is 400', async (method, path) => {
    await expectProblem(await send(path, method, 'application/json', `{"externalReference":"${MARK}",`), 400);
  });

  it.each(JSON_ENDPOINTS)('%s %s: a JSON array, string or null instead of an object is 400', async (method, path) => {
    for (const body of ['[]', '"text"', 'null']) await expectProblem(await send(path, method, 'application/json', body), 400);
  });

  it.each(JSON_ENDPOINTS.filter(([, p]) => !['/v1/subscriptions', '/v1/classifications/items'].includes(p)))(
    '%s %s: malformed XML is 400',
    async (method, path) => {
      await expectProblem(await send(path, method, 'application/xml', `<m><externalReference>${MARK}</externalReference><open></m>`), 400);
    },
  );

  it.each(JSON_ENDPOINTS)('%s %s: text/plain is 415', async (method, path) => {
    await expectProblem(await send(path, method, 'text/plain', `externalReference=${MARK}`), 415);
  });

  it('a body over the limit is 413', async () => {
    const big = ' '.repeat(BODY_LIMIT_BYTES + 1024);
    await expectProblem(await send('/v1/customsshipments', 'POST', 'application/json', big), 413);
  });

  it('PATCH of a declaration with malformed merge-patch JSON is 400, and unknown declarations 404', async () => {
    await expectProblem(await send('/v1/declarations/nope', 'PATCH', 'application/merge-patch+json', '{"a":'), 400);
    await expectProblem(await send('/v1/declarations/nope', 'PATCH', 'application/merge-patch+json', '{}'), 404);
  });
});

describe('path tricks', () => {
  it.each([
    '/v1/../_sandbox/reset',
    '/v1/%2e%2e/_sandbox/reset',
    '/v1/%2E%2E/%5Fsandbox/reset',
    '/v1//../_sandbox/reset',
    '/v1/declarations/..%2f..%2f_sandbox%2freset',
    '/_sandbox/./reset',
  ])('POST %s never reaches a control without the admin token', async (path) => {
    const res = await fetch(`${sb.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${await sb.token()}` } });
    expect([400, 401, 403, 404]).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('unknown /v1 paths and methods are 404 or 405 problems, a NUL in the path 400', async () => {
    await expectProblem(await sb.call('/v1/nothing-here'), 404);
    await expectProblem(await sb.call('/v1/declarations/%00'), 400);
    await expectProblem(await sb.call('/v1/subscriptions', { method: 'DELETE' }), 405);
  });
});

describe('tokens', () => {
  let foreignKey: CryptoKey;
  beforeAll(async () => {
    ({ privateKey: foreignKey } = await generateKeyPair('RS256'));
  });

  const client = DEMO_CLIENTS.find((c) => c.clientId === 'console-acc');
  const claims = () => ({ tid: client?.tenantId, azp: 'console-acc', source_sys_ref: client?.sourceSysRef, scp: client?.scopes.join(' ') });
  const base64url = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = () => Math.floor(Date.now() / 1000);

  const tokens: Record<string, () => Promise<string>> = {
    'signed by another key': () =>
      new SignJWT(claims())
        .setProtectedHeader({ alg: 'RS256', kid: sb.ctx.keys.kid })
        .setIssuer(sb.ctx.tokens.issuer)
        .setSubject('console-acc')
        .setAudience(serviceAudienceFor('console-acc'))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(foreignKey),
    'alg none': async () =>
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims(), iss: sb.ctx.tokens.issuer, sub: 'console-acc', aud: serviceAudienceFor('console-acc'), iat: now(), exp: now() + 3600 })}.`,
    expired: async () => {
      if (!client) throw new Error('no demo client');
      return new ServiceTokens(sb.ctx.keys, sb.ctx.tokens.issuer, () => Date.now() - 2 * 3600_000).issue(client);
    },
    'another issuer': () =>
      new SignJWT(claims())
        .setProtectedHeader({ alg: 'RS256', kid: sb.ctx.keys.kid })
        .setIssuer('https://evil.example/')
        .setSubject('console-acc')
        .setAudience(serviceAudienceFor('console-acc'))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(sb.ctx.keys.privateKey),
    'tampered payload': async () => {
      const [h, , s] = (await sb.token()).split('.');
      return `${h}.${base64url({ ...claims(), tid: 't-acc-002', iss: sb.ctx.tokens.issuer, sub: 'console-acc', aud: serviceAudienceFor('console-acc'), exp: now() + 3600 })}.${s}`;
    },
    garbage: async () => 'not.a.token',
  };

  it.each(Object.keys(tokens))('a token %s is 401 and creates nothing', async (name) => {
    const token = await tokens[name]?.();
    const res = await fetch(`${sb.url}/v1/customsshipments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(validShipment({ externalReference: `${MARK}-${name}` })),
    });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expectProblem(res, 401);
  });

  it('a token for another audience is 403', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'RS256', kid: sb.ctx.keys.kid })
      .setIssuer(sb.ctx.tokens.issuer)
      .setSubject('console-acc')
      .setAudience(serviceAudienceFor('reader-acc'))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(sb.ctx.keys.privateKey);
    await expectProblem(await fetch(`${sb.url}/v1/declarations/search`, { headers: { authorization: `Bearer ${token}` } }), 403);
  });

  it('no token is 401', async () => {
    await expectProblem(await fetch(`${sb.url}/v1/declarations/search`), 401);
  });

  it('a token without the scope is 403 and creates nothing', async () => {
    await expectProblem(
      await send(
        '/v1/customsshipments',
        'POST',
        'application/json',
        JSON.stringify(validShipment({ externalReference: `${MARK}-reader` })),
        'reader-acc',
      ),
      403,
    );
    await expectProblem(
      await send(
        '/v1/subscriptions',
        'POST',
        'application/json',
        JSON.stringify({
          eventType: 'DeclarationStatusChanged',
          subscriptionDestination: { destinationType: 'OAuthApiDestination' },
          destinationDescription: { destinationUrl: 'https://r.example/h' },
        }),
        'reader-acc',
      ),
      403,
    );
    await expectProblem(await send('/v1/classifications/items', 'POST', 'application/json', '{}', 'noclass-acc'), 403);
  });
});

describe('nothing stored', () => {
  it('no declaration and no subscription came of any refused request', async () => {
    // Shipments are processed in the background: let any that slipped through appear.
    await settle(sb);
    expect(await search(sb, `externalReference=${MARK}`)).toHaveLength(0);
    const subscriptions = z.array(z.unknown()).parse(await (await sb.call('/v1/subscriptions')).json());
    expect(subscriptions).toHaveLength(0);
    const items = classificationSearchResultSchema.parse(await (await sb.call('/v1/classifications/items/search')).json());
    expect(items.data).toHaveLength(0);
  });
});
