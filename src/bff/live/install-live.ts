import type { FastifyInstance } from 'fastify';
import type { BffConfig } from '../config.js';
import type { Db } from '../store/db.js';
import type { TokenCache } from '../upstream/token-cache.js';
import { EventInbox } from './event-inbox.js';
import { LiveHub } from './live-hub.js';
import { registerEventsRoute, registerLiveStream, registerLiveStreamOff, registerWebhookReceiver } from './live-routes.js';
import { SubscriptionBootstrap, type BootstrapState } from './subscription-bootstrap.js';
import { resolveWebhookSecret } from './webhook-secret.js';

export interface Live {
  inbox: EventInbox;
  hub: LiveHub;
  /** undefined when LIVE_EVENTS=off. */
  bootstrap: SubscriptionBootstrap | undefined;
  /** For /readyz: informative, never decides readiness. */
  readiness: () => { live: { enabled: false } | ({ enabled: true; connections: number } & BootstrapState) };
}

/**
 * Live updates (ARCHITECTURE.md section 4): the webhook receiver, /api/live, /api/events and the
 * subscription bootstrap, which starts once the server listens (so it knows its own address when
 * PORT is 0) and never delays or fails the start.
 */
export function installLive(app: FastifyInstance, deps: { config: BffConfig; db: Db; tokens: TokenCache }): Live {
  const { config, db, tokens } = deps;
  const inbox = new EventInbox(db);
  const hub = new LiveHub();
  registerEventsRoute(app, inbox);
  if (!config.live.enabled) {
    registerLiveStreamOff(app);
    return { inbox, hub, bootstrap: undefined, readiness: () => ({ live: { enabled: false } }) };
  }

  const secret = resolveWebhookSecret(config.dataDir, config.live.webhookSecret);
  registerWebhookReceiver(app, { inbox, hub, secret });
  registerLiveStream(app, { inbox, hub });
  const bootstrap = new SubscriptionBootstrap({
    db,
    tokens,
    upstreamBaseUrl: config.upstream.baseUrl,
    secret,
    log: (level, message, detail) => app.log[level]({ liveSubscriptions: detail }, message),
  });

  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    bootstrap.start(config.live.publicUrl ?? `http://localhost:${port}`);
  });
  // Before the server closes: open streams would otherwise hold the close up.
  app.addHook('preClose', async () => {
    hub.closeAll();
    await bootstrap.stop();
  });
  return { inbox, hub, bootstrap, readiness: () => ({ live: { enabled: true, connections: hub.size, ...bootstrap.state } }) };
}
