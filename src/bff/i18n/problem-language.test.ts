import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contract/problem.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/** The BFF's own problem texts follow the request's Accept-Language (docs/i18n.md); English stays as it was. */
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let clerk: string;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  bff = await startBff({ UPSTREAM_BASE_URL: sandbox.url, USER_ISSUER: idp.issuer, USER_JWKS_URL: idp.jwksUrl });
  clerk = await idp.token({ roles: ['clerk'] });
});
afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const TEAM_RULE = {
  name: 'Team',
  scope: 'team',
  eventType: 'DeclarationStatusChanged',
  recipient: { kind: 'role', role: 'clerk' },
  channels: ['console'],
};

async function teamRuleByClerk(acceptLanguage?: string) {
  const res = await fetch(`${bff.url}/api/alerts/rules`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${clerk}`,
      'content-type': 'application/json',
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
    },
    body: JSON.stringify(TEAM_RULE),
  });
  return { res, problem: problemSchema.parse(await res.json()) };
}

describe('problem documents in the request’s language', () => {
  it('answers a German Accept-Language in German, with Content-Language de', async () => {
    const { res, problem } = await teamRuleByClerk('de-DE,de;q=0.9,en;q=0.5');
    expect(res.status).toBe(403);
    expect(res.headers.get('content-language')).toBe('de');
    expect(problem).toMatchObject({ title: 'Zugriff verweigert', detail: 'Nur die Teamleitung legt Teamregeln an.' });
  });

  it('keeps the English texts as they were, without Accept-Language and for a language the console does not speak', async () => {
    for (const language of [undefined, 'es-ES, en;q=0.1', 'en-GB']) {
      const { res, problem } = await teamRuleByClerk(language);
      expect(res.headers.get('content-language')).toBe('en');
      expect(problem).toMatchObject({ title: 'Forbidden', detail: 'Only supervisors make team rules.' });
    }
  });

  it('takes the most wanted language the console speaks, with the values written in', async () => {
    const res = await fetch(`${bff.url}/api/approvals/req-404/withdraw`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clerk}`, 'accept-language': 'es;q=1, fr-BE;q=0.8, de;q=0.5' },
    });
    expect(res.headers.get('content-language')).toBe('fr');
    expect(problemSchema.parse(await res.json())).toMatchObject({
      status: 404,
      title: 'Introuvable',
      detail: 'Il n’existe pas de demande d’approbation req-404.',
    });
  });

  it('writes the texts the BFF shares with the sandbox in the language too; the parser’s reason stays as it is', async () => {
    const res = await fetch(`${bff.url}/api/alerts/rules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clerk}`, 'content-type': 'application/json', 'accept-language': 'nl-BE' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-language')).toBe('nl');
    const problem = problemSchema.parse(await res.json());
    expect(problem.detail).toBe('De JSON-inhoud is misvormd.');
    expect(problem['invalid-parameters']?.[0]?.name).toBe('(request)');
  });

  it('writes the per-declaration refusals of a bulk assignment in the language too', async () => {
    const clara = await idp.token({ sub: 'clara', roles: ['clerk'] });
    const res = await fetch(`${bff.url}/api/assignments/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clara}`, 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ declarationIds: ['no-such-declaration'], ownerSub: 'clara' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      results: [{ declarationId: 'no-such-declaration', ok: false, detail: 'Der Dienst hat keine Zollanmeldung mit dieser ID.' }],
    });
  });
});
