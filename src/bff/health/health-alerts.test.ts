import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHealthSchema } from '../../contract/console-health.js';
import { notificationListSchema } from '../../contract/alerts.js';
// Integration test: the real BFF in front of the real sandbox (faults standing for an outage), a real SMTP server on loopback.
import { declarationsOf, postShipment, settle, validShipment } from '../../sandbox/flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { createTestDatabase, testEngines } from '../../server-kit/database/test-databases.js';
import { startMailCatcher, type MailCatcher } from '../alerts/mail-catcher.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

const SECRET = 'health-alerts-test-secret-0123456789';
const MINUTE = 60_000;

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let mail: MailCatcher;
let supervisor: string;
let clerk: string;

const env = (extra: Record<string, string> = {}) => ({
  UPSTREAM_BASE_URL: sandbox.url,
  USER_ISSUER: idp.issuer,
  USER_JWKS_URL: idp.jwksUrl,
  WEBHOOK_SECRET: SECRET,
  SMTP_URL: mail.url,
  ALERT_FROM: 'Customs Console <alerts@console.test>',
  ...extra,
});

const api = (to: RunningBff, path: string, token: string, method = 'GET') =>
  fetch(`${to.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
const titles = async (to: RunningBff) =>
  notificationListSchema.parse(await (await api(to, '/api/notifications', supervisor)).json()).notifications.map((n) => n.title);
const health = async (to: RunningBff) => consoleHealthSchema.parse(await (await api(to, '/api/health', supervisor)).json());
const mailsAbout = (words: string) => mail.mails.filter((m) => m.subject.includes(words));

/** Starts a BFF whose health checks run only when the test asks (with a clock of its choosing). */
async function start(extra: Record<string, string> = {}, databaseUrl?: string): Promise<RunningBff> {
  const bff = await startBff(env(extra), databaseUrl ? { databaseUrl } : {});
  await bff.healthAlerts.stop();
  // Signing in (any notification call) tells the BFF who is a supervisor and where their e-mail goes.
  expect((await api(bff, '/api/notifications/unread-count', supervisor)).status).toBe(200);
  return bff;
}

/** A failing gateway in front of the service: every read answers 503. */
const failReads = () =>
  sandbox.control('/_sandbox/faults', { method: 'PUT', json: { status: 503, method: 'GET', pathPrefix: '/v1/', count: 1000 } });
const healReads = () => sandbox.control('/_sandbox/faults', { method: 'DELETE' });

beforeAll(async () => {
  [sandbox, idp, mail] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider(), startMailCatcher()]);
  supervisor = await idp.token({ sub: 'sam', name: 'Sam Supervisor', roles: ['supervisor'], email: 'sam@console.test' });
  clerk = await idp.token({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk'], email: 'clara@console.test' });
}, 60_000);

afterAll(async () => {
  await Promise.all([sandbox?.close(), idp?.close(), mail?.close()]);
});

describe('health alerts', () => {
  it('tells supervisors once when the service has failed for over a minute, and again when it answers', async () => {
    const bff = await start({ LIVE_EVENTS: 'off' });
    try {
      expect((await failReads()).status).toBe(204);
      for (let i = 0; i < 2; i++) expect((await api(bff, '/api/v1/declarations/search?limit=1', clerk)).status).toBe(503);
      // Not yet a minute: nothing.
      expect(await bff.healthAlerts.check(new Date(Date.now() + 30_000))).toEqual([]);

      const [opened] = await bff.healthAlerts.check(new Date(Date.now() + MINUTE + 1_000));
      expect(opened).toMatchObject({ kind: 'service-failing', closedAt: null, lastError: 'HTTP 503' });
      // Checked again: still the one incident, nobody told twice.
      expect(await bff.healthAlerts.check(new Date(Date.now() + 2 * MINUTE))).toEqual([]);
      const failingTitle = 'Customs Console: the customs service has been failing for over a minute (HTTP 503)';
      await expect.poll(() => titles(bff), { timeout: 10_000, interval: 50 }).toEqual([failingTitle]);
      await expect.poll(() => mailsAbout('failing for over a minute').length, { timeout: 10_000, interval: 50 }).toBe(1);
      expect(mailsAbout('failing for over a minute')[0]).toMatchObject({ to: ['sam@console.test'] });
      expect(mailsAbout('failing for over a minute')[0]?.text).toContain('/health');
      expect((await health(bff)).incidents).toEqual([opened]);

      // The service answers again: the incident ends, and supervisors hear that too.
      expect((await healReads()).status).toBe(204);
      expect((await api(bff, '/api/v1/declarations/search?limit=1', clerk)).status).toBe(200);
      const [closed] = await bff.healthAlerts.check(new Date(Date.now() + 3 * MINUTE));
      expect(closed).toMatchObject({ id: opened?.id, kind: 'service-failing' });
      expect(closed?.closedAt).not.toBeNull();
      await expect
        .poll(() => titles(bff), { timeout: 10_000, interval: 50 })
        .toEqual(['Customs Console: the customs service answers again', failingTitle]);
      await expect.poll(() => mailsAbout('answers again').length, { timeout: 10_000, interval: 50 }).toBe(1);
      expect((await health(bff)).incidents).toEqual([closed]);
      // Clerks are not told of the console's own health, nor may they ask to be.
      expect(await (await api(bff, '/api/notifications/unread-count', clerk)).json()).toEqual({ unread: 0 });
      const rule = await fetch(`${bff.url}/api/alerts/rules`, {
        method: 'POST',
        headers: { authorization: `Bearer ${clerk}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Outages', eventType: 'ConsoleHealth', channels: ['console'] }),
      });
      expect(rule.status).toBe(403);
      expect(rule.headers.get('content-type')).toContain('application/problem+json');
    } finally {
      await healReads();
      await bff.close();
    }
  }, 60_000);

  it('tells supervisors when no event arrives for the set time after an action the service accepted, and when events come again', async () => {
    // The service's deliveries go nowhere (a webhook address nobody answers), as after a firewall change.
    const bff = await start({ LIVE_EVENTS: 'on', HEALTH_EVENT_SILENCE_MINUTES: '20', PUBLIC_URL: 'http://127.0.0.1:9' });
    try {
      await postShipment(
        sandbox,
        validShipment({
          externalReference: 'HEALTH-SILENT',
          storageLocationReference: 'NL-RTM-01',
          singleAdministrativeDocument: {
            ...validShipment().singleAdministrativeDocument,
            declarationOfficeCode: 'NL000510',
            invoiceCurrency: 'EUR',
          },
        }),
      );
      // The declarations part only: the event deliveries keep retrying their dead address.
      await settle(sandbox);
      const [declaration] = await declarationsOf(sandbox, 'HEALTH-SILENT');
      if (!declaration) throw new Error('no declaration');
      const submit = await api(bff, `/api/v1/declarations/${declaration.declarationId}/submit`, clerk, 'POST');
      expect(submit.status).toBe(202);

      expect(await bff.healthAlerts.check(new Date(Date.now() + 19 * MINUTE))).toEqual([]);
      const [silent] = await bff.healthAlerts.check(new Date(Date.now() + 21 * MINUTE));
      expect(silent).toMatchObject({ kind: 'events-silent', closedAt: null, lastEventAt: null });
      const silentTitle = 'Customs Console: no event from the customs service for 20 minutes while declarations move';
      await expect.poll(() => titles(bff), { timeout: 10_000, interval: 50 }).toEqual([silentTitle]);
      await expect.poll(() => mailsAbout('no event from the customs service').length, { timeout: 10_000, interval: 50 }).toBe(1);
      const page = await health(bff);
      expect(page.eventSilenceMinutes).toBe(20);
      expect(page.incidents.map((i) => i.kind)).toEqual(['events-silent']);

      // An event arrives (the service delivers again): the silence ends.
      const delivered = await fetch(`${bff.url}/webhooks/customs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
        body: JSON.stringify({
          id: 'health-resumed-1',
          tenantId: 't-acc-001',
          eventTime: new Date().toISOString(),
          eventType: 'DeclarationStatusChanged',
          eventSubType: 'Submitted',
          data: { id: declaration.declarationId, lrn: declaration.lrn, currentStatus: 'Submitted' },
        }),
      });
      expect(delivered.status).toBe(204);
      const [resumed] = await bff.healthAlerts.check(new Date(Date.now() + 22 * MINUTE));
      expect(resumed).toMatchObject({ id: silent?.id, kind: 'events-silent' });
      await expect
        .poll(() => titles(bff), { timeout: 10_000, interval: 50 })
        .toContain('Customs Console: events from the customs service arrive again');
    } finally {
      await bff.close();
    }
  }, 90_000);
});

describe.skipIf(!testEngines().includes('postgres'))('health alerts on two BFF replicas sharing PostgreSQL', () => {
  it('tells supervisors once when both replicas see the service failing', async () => {
    const databaseUrl = await createTestDatabase();
    const a = await start({ LIVE_EVENTS: 'off' }, databaseUrl);
    const b = await start({ LIVE_EVENTS: 'off' }, databaseUrl);
    try {
      const before = mailsAbout('failing for over a minute').length;
      expect((await failReads()).status).toBe(204);
      for (const replica of [a, b, a, b]) expect((await api(replica, '/api/v1/declarations/search?limit=1', clerk)).status).toBe(503);
      const later = new Date(Date.now() + MINUTE + 1_000);
      const changed = (await Promise.all([a.healthAlerts.check(later), b.healthAlerts.check(later)])).flat();
      expect(changed.map((i) => i.kind)).toEqual(['service-failing']);
      await expect.poll(() => mailsAbout('failing for over a minute').length, { timeout: 10_000, interval: 50 }).toBe(before + 1);
      await Promise.all([a.alerts.router.idle(), b.alerts.router.idle()]);
      expect(await titles(b)).toHaveLength(1);
      expect((await health(b)).incidents).toEqual((await health(a)).incidents);
    } finally {
      await healReads();
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
