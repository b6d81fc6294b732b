import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertRuleListSchema,
  alertRuleSchema,
  notificationListSchema,
  sentEmailListSchema,
  unreadCountSchema,
} from '../../contract/alerts.js';
import type { EventEnvelope } from '../../contract/events.js';
// Integration test (docs/architecture.md section 7): the real BFF in front of the real sandbox, a real SMTP server and a chat webhook receiver on loopback.
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { createTestDatabase, testEngines } from '../../server-kit/database/test-databases.js';
import { parseBffConfig } from '../config.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';
import { startMailCatcher, type MailCatcher } from './mail-catcher.js';

const SECRET = 'alerts-test-webhook-secret-0123456789';

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let mail: MailCatcher;
let bff: RunningBff;
let supervisor: string;
let clerk: string;
/** What the chat webhook receiver got: path and JSON body. */
const chats: { path: string; body: unknown }[] = [];
let receiver: Server;
let receiverUrl: string;

let counter = 0;
const statusChanged = (status: string, declarationId: string, lrn: string): EventEnvelope => ({
  id: `alerts-test-${++counter}`,
  tenantId: 't-acc-001',
  eventTime: new Date().toISOString(),
  eventType: 'DeclarationStatusChanged',
  eventSubType: status,
  data: { id: declarationId, lrn, currentStatus: status, customsFlow: 'IMPORT', jurisdiction: 'NL' },
});

async function deliver(to: RunningBff, envelope: EventEnvelope): Promise<void> {
  const res = await fetch(`${to.url}/webhooks/customs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
    body: JSON.stringify(envelope),
  });
  expect(res.status).toBe(204);
}

async function api(to: RunningBff, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${to.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const unread = async (to: RunningBff, token: string): Promise<number> =>
  unreadCountSchema.parse(await (await api(to, '/api/notifications/unread-count', token)).json()).unread;
const mailsAbout = (lrn: string) => mail.mails.filter((m) => m.subject.includes(lrn));

const env = () => ({
  UPSTREAM_BASE_URL: sandbox.url,
  USER_ISSUER: idp.issuer,
  USER_JWKS_URL: idp.jwksUrl,
  LIVE_EVENTS: 'on',
  WEBHOOK_SECRET: SECRET,
  SMTP_URL: mail.url,
  ALERT_FROM: 'Customs Console <alerts@console.test>',
});

beforeAll(async () => {
  [sandbox, idp, mail] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider(), startMailCatcher()]);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      chats.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200).end('1');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0}`;
  bff = await startBff(env());
  supervisor = await idp.token({ sub: 'sam', name: 'Sam Supervisor', roles: ['supervisor'], email: 'sam@console.test' });
  clerk = await idp.token({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk'], email: 'clara@console.test' });
  // Signing in (any notification call) tells the BFF who is a supervisor and where their e-mail goes.
  expect(await unread(bff, supervisor)).toBe(0);
  expect(await unread(bff, clerk)).toBe(0);
}, 60_000);

afterAll(async () => {
  await bff?.close();
  await Promise.all([sandbox?.close(), idp?.close(), mail?.close(), new Promise((resolve) => receiver?.close(resolve))]);
});

describe('alerts', () => {
  it('tells supervisors of a declaration turned Invalid in the console and by an e-mail naming its LRN, once however often it is delivered', async () => {
    const event = statusChanged('Invalid', 'd-alert-1', 'LRN-ALERT-1');
    await deliver(bff, event);
    await deliver(bff, event);
    await expect.poll(() => unread(bff, supervisor), { timeout: 10_000, interval: 50 }).toBe(1);
    expect(await unread(bff, clerk)).toBe(0);

    const list = notificationListSchema.parse(await (await api(bff, '/api/notifications', supervisor)).json());
    expect(list.notifications[0]).toMatchObject({
      title: 'Declaration LRN-ALERT-1 is Invalid',
      declarationId: 'd-alert-1',
      lrn: 'LRN-ALERT-1',
      read: false,
    });

    await expect.poll(() => mailsAbout('LRN-ALERT-1').length, { timeout: 10_000, interval: 50 }).toBe(1);
    const [sent] = mailsAbout('LRN-ALERT-1');
    expect(sent).toMatchObject({ from: 'alerts@console.test', to: ['sam@console.test'], subject: 'Declaration LRN-ALERT-1 is Invalid' });
    expect(sent?.text).toContain(`${bff.url.replace('127.0.0.1', 'localhost')}/declarations/d-alert-1`);
    await expect
      .poll(
        async () => sentEmailListSchema.parse(await (await api(bff, '/api/notifications/emails', supervisor)).json()).emails[0]?.status,
        { timeout: 10_000, interval: 50 },
      )
      .toBe('sent');
    expect((await api(bff, '/api/notifications/emails', clerk)).status).toBe(403);

    // Read: the bell goes back to zero for this supervisor.
    const read = await api(bff, '/api/notifications/read', supervisor, { method: 'POST', body: { ids: [list.notifications[0]?.id] } });
    expect(await read.json()).toEqual({ marked: 1, unread: 0 });

    // A status no rule asks for makes no alert.
    await deliver(bff, statusChanged('Released', 'd-alert-1', 'LRN-ALERT-1'));
    await bff.alerts.router.idle();
    expect(await unread(bff, supervisor)).toBe(0);
  });

  it('sends rules with a Teams or Slack channel to the incoming webhook in that format, narrowed by jurisdiction', async () => {
    const slack = await api(bff, '/api/alerts/rules', clerk, {
      method: 'POST',
      body: {
        name: 'My NL rejections',
        eventType: 'DeclarationStatusChanged',
        eventSubTypes: ['Rejected'],
        jurisdiction: 'NL',
        channels: ['console', 'slack'],
        webhookUrl: `${receiverUrl}/slack`,
      },
    });
    expect(slack.status).toBe(201);
    expect(alertRuleSchema.parse(await slack.json())).toMatchObject({ scope: 'personal', recipient: { kind: 'user', sub: 'clara' } });
    const teams = await api(bff, '/api/alerts/rules', supervisor, {
      method: 'POST',
      body: {
        name: 'Team: rejections',
        scope: 'team',
        recipient: { kind: 'role', role: 'clerk' },
        eventType: 'DeclarationStatusChanged',
        eventSubTypes: ['Rejected'],
        channels: ['teams'],
        webhookUrl: `${receiverUrl}/teams`,
      },
    });
    expect(teams.status).toBe(201);

    await deliver(bff, statusChanged('Rejected', 'd-alert-2', 'LRN-ALERT-2'));
    await deliver(bff, {
      ...statusChanged('Rejected', 'd-alert-3', 'LRN-ALERT-3'),
      data: { id: 'd-alert-3', lrn: 'LRN-ALERT-3', jurisdiction: 'DE' },
    });
    await expect.poll(() => chats.length, { timeout: 10_000, interval: 50 }).toBe(3);
    const slackBodies = chats.filter((c) => c.path === '/slack').map((c) => c.body);
    expect(slackBodies).toEqual([
      {
        text: 'Declaration LRN-ALERT-2 is Rejected',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: expect.stringContaining('LRN: LRN-ALERT-2') as string } }],
      },
    ]);
    const teamsBodies = chats.filter((c) => c.path === '/teams').map((c) => c.body);
    expect(teamsBodies).toHaveLength(2);
    expect(teamsBodies[0]).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            body: [{ type: 'TextBlock', text: expect.stringMatching(/^Declaration LRN-ALERT-[23] is Rejected$/) as string }, {}],
          },
        },
      ],
    });
    // Only the clerk's own rule shows in their notification centre (the team rule has no console channel).
    const list = notificationListSchema.parse(await (await api(bff, '/api/notifications', clerk)).json());
    expect(list.notifications.map((n) => n.lrn)).toEqual(['LRN-ALERT-2']);
    expect(list.notifications[0]?.deliveries).toEqual([expect.objectContaining({ channel: 'slack', status: 'sent', attempts: 1 })]);
  });

  it('alerts the declaration’s owner, and narrows a personal rule to the declarations its author owns', async () => {
    const owner = await api(bff, '/api/alerts/rules', supervisor, {
      method: 'POST',
      body: {
        name: 'Owners: accepted',
        scope: 'team',
        recipient: { kind: 'owner' },
        eventType: 'DeclarationStatusChanged',
        eventSubTypes: ['Accepted'],
        channels: ['console', 'email'],
      },
    });
    expect(owner.status).toBe(201);
    expect(alertRuleSchema.parse(await owner.json())).toMatchObject({ recipient: { kind: 'owner' }, mineOnly: false });
    const mine = await api(bff, '/api/alerts/rules', supervisor, {
      method: 'POST',
      body: {
        name: 'Mine: accepted',
        eventType: 'DeclarationStatusChanged',
        eventSubTypes: ['Accepted'],
        mineOnly: true,
        channels: ['console'],
      },
    });
    expect(alertRuleSchema.parse(await mine.json())).toMatchObject({ scope: 'personal', mineOnly: true });
    // "Only mine" needs one person: a role cannot own a declaration.
    const roleMine = await api(bff, '/api/alerts/rules', supervisor, {
      method: 'POST',
      body: {
        name: 'x',
        scope: 'team',
        recipient: { kind: 'role', role: 'clerk' },
        mineOnly: true,
        eventType: 'DeclarationStatusChanged',
        channels: ['console'],
      },
    });
    expect(roleMine.status).toBe(400);

    const at = new Date().toISOString();
    const assign = (id: string, sub: string, name: string) =>
      bff.store.repos.assignments.assign(id, { sub, name }, { sub: 'sam', name: 'Sam Supervisor' }, at, () => true);
    await assign('d-owned-clara', 'clara', 'Clara Clerk');
    await assign('d-owned-sam', 'sam', 'Sam Supervisor');
    for (const id of ['d-owned-clara', 'd-owned-sam', 'd-owned-nobody']) await deliver(bff, statusChanged('Accepted', id, `LRN-${id}`));
    await bff.alerts.router.idle();

    const lrns = async (token: string) =>
      notificationListSchema
        .parse(await (await api(bff, '/api/notifications', token)).json())
        .notifications.filter((n) => n.eventSubType === 'Accepted')
        .map((n) => [n.ruleName, n.lrn]);
    // The owner rule reaches each owner (nobody for an unowned one); Sam's "mine" rule only his own.
    expect(await lrns(clerk)).toEqual([['Owners: accepted', 'LRN-d-owned-clara']]);
    expect((await lrns(supervisor)).sort()).toEqual([
      ['Mine: accepted', 'LRN-d-owned-sam'],
      ['Owners: accepted', 'LRN-d-owned-sam'],
    ]);
    await expect
      .poll(() => mailsAbout('LRN-d-owned-clara').map((m) => m.to), { timeout: 10_000, interval: 50 })
      .toEqual([['clara@console.test']]);
    expect(mailsAbout('LRN-d-owned-nobody')).toEqual([]);
  });

  it('writes the e-mail and the notification in the language its recipient keeps: French for a clerk who keeps French', async () => {
    const francoise = await idp.token({ sub: 'francoise', name: 'Françoise', roles: ['clerk'], email: 'francoise@console.test' });
    const kept = await api(bff, '/api/me/preferences', francoise, { method: 'PUT', body: { language: 'fr' } });
    expect(kept.ok).toBe(true);
    const mine = await api(bff, '/api/alerts/rules', francoise, {
      method: 'POST',
      body: { name: 'Mainlevée', eventType: 'DeclarationStatusChanged', eventSubTypes: ['Released'], channels: ['console', 'email'] },
    });
    expect(mine.status).toBe(201);
    const event = statusChanged('Released', 'd-alert-fr', 'LRN-ALERT-FR');
    await deliver(bff, event);

    await expect.poll(() => mailsAbout('LRN-ALERT-FR').length, { timeout: 10_000, interval: 50 }).toBe(1);
    const [sent] = mailsAbout('LRN-ALERT-FR');
    const at = new Intl.DateTimeFormat('fr', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).format(new Date(event.eventTime));
    expect(sent).toMatchObject({ to: ['francoise@console.test'], subject: 'Déclaration LRN-ALERT-FR est Released' });
    expect(sent?.text).toContain('LRN : LRN-ALERT-FR');
    expect(sent?.text).toContain(`Événement : DeclarationStatusChanged / Released le ${at}`);
    expect(sent?.text).toContain(`Ouvrir dans la console : ${bff.url.replace('127.0.0.1', 'localhost')}/declarations/d-alert-fr`);
    // Her bell says it in French too.
    const list = notificationListSchema.parse(await (await api(bff, '/api/notifications', francoise)).json());
    expect(list.notifications.find((n) => n.lrn === 'LRN-ALERT-FR')?.title).toBe('Déclaration LRN-ALERT-FR est Released');
  });

  it('sends a digest rule’s e-mail once a day: one e-mail per user listing the day’s alerts, none per alert', async () => {
    const rule = await api(bff, '/api/alerts/rules', clerk, {
      method: 'POST',
      body: {
        name: 'Daily: withdrawn',
        eventType: 'DeclarationStatusChanged',
        eventSubTypes: ['Withdrawn'],
        channels: ['console', 'email'],
        digest: true,
      },
    });
    expect(alertRuleSchema.parse(await rule.json())).toMatchObject({ digest: true });
    const noEmail = await api(bff, '/api/alerts/rules', clerk, {
      method: 'POST',
      body: { name: 'x', eventType: 'DeclarationStatusChanged', channels: ['console'], digest: true },
    });
    expect(noEmail.status).toBe(400);

    await deliver(bff, statusChanged('Withdrawn', 'd-digest-1', 'LRN-DIGEST-1'));
    await deliver(bff, statusChanged('Withdrawn', 'd-digest-2', 'LRN-DIGEST-2'));
    await bff.alerts.router.idle();
    const listed = notificationListSchema.parse(await (await api(bff, '/api/notifications', clerk)).json()).notifications;
    const digestNotices = listed.filter((n) => n.ruleName === 'Daily: withdrawn');
    expect(digestNotices.map((n) => n.lrn).sort()).toEqual(['LRN-DIGEST-1', 'LRN-DIGEST-2']);
    // In the console at once; no e-mail per alert.
    expect(digestNotices.flatMap((n) => n.deliveries)).toEqual([]);

    // The day is over (fake time: tomorrow): one e-mail to the clerk listing both, and only once.
    // The day as the clerk's language writes it (she keeps none: English), in the team's time zone (UTC).
    const today = new Intl.DateTimeFormat('en', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await bff.alerts.digest.sendDue(tomorrow)).toBe(1);
    expect(await bff.alerts.digest.sendDue(tomorrow)).toBe(0);
    const digests = mail.mails.filter((m) => m.subject === `Customs Console: 2 alerts on ${today}`);
    expect(digests.map((m) => m.to)).toEqual([['clara@console.test']]);
    expect(digests[0]?.text).toContain('Declaration LRN-DIGEST-1 is Withdrawn');
    expect(digests[0]?.text).toContain('Declaration LRN-DIGEST-2 is Withdrawn');
    expect(mail.mails.filter((m) => m.subject.includes('LRN-DIGEST'))).toEqual([]);
  });

  it('refuses a bad rule with a problem naming the field, a clerk’s team rule, and another user’s rule', async () => {
    const insecure = await api(bff, '/api/alerts/rules', clerk, {
      method: 'POST',
      body: { name: 'x', eventType: 'DeclarationStatusChanged', channels: ['slack'], webhookUrl: 'http://chat.example.com/hook' },
    });
    expect(insecure.status).toBe(400);
    expect(JSON.stringify(await insecure.json())).toContain('must use HTTPS');
    const noChannel = await api(bff, '/api/alerts/rules', clerk, {
      method: 'POST',
      body: { name: 'x', eventType: 'DeclarationStatusChanged', channels: [] },
    });
    expect(noChannel.status).toBe(400);
    const team = await api(bff, '/api/alerts/rules', clerk, {
      method: 'POST',
      body: {
        name: 'x',
        scope: 'team',
        recipient: { kind: 'role', role: 'clerk' },
        eventType: 'DeclarationStatusChanged',
        channels: ['console'],
      },
    });
    expect(team.status).toBe(403);

    const rules = alertRuleListSchema.parse(await (await api(bff, '/api/alerts/rules', clerk)).json());
    const defaultRule = rules.rules.find((r) => r.scope === 'team');
    expect((await api(bff, `/api/alerts/rules/${defaultRule?.id}`, clerk, { method: 'PATCH', body: { enabled: false } })).status).toBe(403);
    const own = await api(bff, '/api/alerts/rules', clerk, {
      method: 'POST',
      body: { name: 'mine', eventType: 'DeclarationActionFinished', channels: ['console'] },
    });
    const ownId = alertRuleSchema.parse(await own.json()).id;
    expect((await api(bff, `/api/alerts/rules/${ownId}`, supervisor, { method: 'DELETE' })).status).toBe(404);
    expect((await api(bff, `/api/alerts/rules/${ownId}`, clerk, { method: 'DELETE' })).status).toBe(204);
  });

  it('stops start-up with one line naming a wrong SMTP_URL or ALERT_FROM', () => {
    expect(() => parseBffConfig({ SMTP_URL: 'mail.example.com:587' })).toThrow(
      /^Invalid BFF configuration: SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseBffConfig({ SMTP_URL: 'smtp://mail.example.com:587', ALERT_FROM: 'nobody' })).toThrow(
      /^Invalid BFF configuration: ALERT_FROM: /,
    );
    expect(parseBffConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', ALERT_FROM: 'Ops <ops@example.com>' }).alerts).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Ops <ops@example.com>',
    });
  });
});

describe.skipIf(!testEngines().includes('postgres'))('alerts on two BFF replicas sharing PostgreSQL', () => {
  it('sends one e-mail per event when both replicas receive it', async () => {
    const databaseUrl = await createTestDatabase();
    const [a, b] = await Promise.all([startBff(env(), { databaseUrl }), startBff(env(), { databaseUrl })]);
    try {
      for (const replica of [a, b]) expect(await unread(replica, supervisor)).toBe(0);
      const event = statusChanged('CustomsError', 'd-alert-r', 'LRN-REPLICAS');
      // The service retries a delivery; behind a load balancer each attempt may reach another replica.
      await Promise.all([deliver(a, event), deliver(b, event)]);
      await expect.poll(() => mailsAbout('LRN-REPLICAS').length, { timeout: 10_000, interval: 50 }).toBe(1);
      // Both replicas' outboxes keep polling: the one e-mail is all there is once they are done.
      await Promise.all([a.alerts.router.idle(), b.alerts.router.idle()]);
      await expect
        .poll(
          async () =>
            sentEmailListSchema.parse(await (await api(b, '/api/notifications/emails', supervisor)).json()).emails.map((e) => e.status),
          { timeout: 10_000, interval: 50 },
        )
        .toEqual(['sent']);
      expect(mailsAbout('LRN-REPLICAS')).toHaveLength(1);
      expect(await unread(a, supervisor)).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
