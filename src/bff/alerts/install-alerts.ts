import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BffConfig } from '../config.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import { registerAlertRoutes } from '../routes/alerts.js';
import type { BffStore } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { AlertOutbox, type OutboxOutcome } from './alert-outbox.js';
import { AlertRouter } from './alert-router.js';
import { ApprovalNotices } from './approval-notices.js';
import { DailyDigest } from './daily-digest.js';
import { emailSender, webhookSender } from './channels.js';

const declarationFactsSchema = z.looseObject({
  lrn: z.string().nullish(),
  direction: z.string().nullish(),
  singleAdministrativeDocument: z.looseObject({ declarationOfficeCode: z.string().nullish() }).nullish(),
});

export interface Alerts {
  router: AlertRouter;
  outbox: AlertOutbox;
  /** Tells requesters of rejected and expired approval requests. */
  approvals: ApprovalNotices;
  /** One e-mail per user and day for digest rules. */
  digest: DailyDigest;
  /** The console's public address, for links in messages (the bound port once listening, without PUBLIC_URL). */
  consoleUrl: () => string;
}

/**
 * Alerts (docs/alerts.md): the router that turns stored events into alerts, the outbox that sends
 * them by e-mail and chat webhook (started once the server listens), and the notification routes.
 */
export function installAlerts(
  app: FastifyInstance,
  deps: { config: BffConfig; store: BffStore; upstream: UpstreamClient; onOutcome?: (o: OutboxOutcome) => void },
): Alerts {
  const { config, store, upstream } = deps;
  const alerts = store.repos.alerts;
  let consoleUrl = config.live.publicUrl ?? `http://localhost:${config.port}`;
  const email = emailSender(config.alerts.smtpUrl, config.alerts.from);
  // Alerts, digests and notices are written in the language each person keeps (user preferences).
  const languageOf = async (sub: string) => (await store.repos.userPreferences.get(sub)).language;
  const outbox = new AlertOutbox({
    alerts,
    senders: { email: email.send, teams: webhookSender, slack: webhookSender },
    onOutcome: deps.onOutcome,
    log: (level, message, detail) => app.log[level]({ alerts: detail }, message),
  });
  const router = new AlertRouter({
    alerts,
    readDeclaration: async (id) => {
      const body = await getUpstreamJson(upstream, `/v1/declarations/${encodeURIComponent(id)}`);
      const parsed = declarationFactsSchema.safeParse(body);
      if (!parsed.success) return null;
      return {
        lrn: parsed.data.lrn ?? null,
        direction: parsed.data.direction ?? null,
        office: parsed.data.singleAdministrativeDocument?.declarationOfficeCode ?? null,
      };
    },
    ownerOf: async (id) => (await store.repos.assignments.forDeclarations([id]))[0]?.ownerSub ?? null,
    languageOf,
    consoleUrl: () => consoleUrl,
    onRecorded: () => outbox.wake(),
    log: (level, message, detail) => app.log[level]({ alerts: detail }, message),
  });
  const approvals = new ApprovalNotices({
    alerts,
    requests: store.repos.approvalRequests,
    languageOf,
    consoleUrl: () => consoleUrl,
    onRecorded: () => outbox.wake(),
    log: (level, message, detail) => app.log[level]({ alerts: detail }, message),
  });
  const digest = new DailyDigest({
    alerts,
    send: (mail) =>
      email.send({ id: 0, alertId: 0, channel: 'email', destination: mail.to, subject: mail.subject, body: mail.text, attempts: 0 }),
    languageOf,
    consoleUrl: () => consoleUrl,
    onOutcome: (outcome) => deps.onOutcome?.({ channel: 'email', outcome }),
    log: (level, message, detail) => app.log[level]({ alerts: detail }, message),
  });
  registerAlertRoutes(app, { alerts });

  app.addHook('onListen', async () => {
    if (!config.live.publicUrl) {
      const address = app.server.address();
      if (typeof address === 'object' && address) consoleUrl = `http://localhost:${address.port}`;
    }
    outbox.start();
    approvals.start();
    digest.start();
  });
  app.addHook('preClose', async () => {
    await router.idle();
    await approvals.stop();
    await digest.stop();
    await outbox.stop();
    email.close();
  });
  return { router, outbox, approvals, digest, consoleUrl: () => consoleUrl };
}
