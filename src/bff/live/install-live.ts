import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { LIVE_MISSED_EVENTS_TYPE, type LiveMissedEventsData } from '../../contract/live.js';
import type { EventEnvelope } from '../../contract/events.js';
import type { BffConfig } from '../config.js';
import type { BffStore } from '../store/bff-store.js';
import type { TokenCache } from '../upstream/token-cache.js';
import { LiveFanOut } from './live-fanout.js';
import { LiveHub } from './live-hub.js';
import { registerEventsRoute, registerLiveStream, registerLiveStreamOff, registerWebhookReceiver } from './live-routes.js';
import { SubscriptionBootstrap, type BootstrapState } from './subscription-bootstrap.js';
import { resolveSharedWebhookSecret, resolveWebhookSecret } from './webhook-secret.js';

/** How this replica hears of stored events: in process (SQLite), or LISTEN on PostgreSQL (reconnecting: other replicas' events wait until it is back). */
type FanOutState = 'in-process' | 'listening' | 'reconnecting';

export interface Live {
  hub: LiveHub;
  /** undefined when LIVE_EVENTS=off. */
  bootstrap: SubscriptionBootstrap | undefined;
  /** For /readyz: informative, never decides readiness. */
  readiness: () => { live: { enabled: false } | ({ enabled: true; connections: number; fanOut: FanOutState } & BootstrapState) };
}

/**
 * Live updates (docs/architecture.md section 4): the webhook receiver, /api/live, /api/events, the
 * fan-out from the shared inbox to this replica's streams, and the subscription bootstrap, which
 * starts once the server listens (so it knows its own address when PORT is 0) and never delays
 * or fails the start.
 */
export async function installLive(
  app: FastifyInstance,
  deps: {
    config: BffConfig;
    store: BffStore;
    tokens: TokenCache;
    onStored?: (envelope: EventEnvelope) => void;
    onReceived?: (stored: boolean) => void;
    onEventsMissed?: () => Promise<void>;
  },
): Promise<Live> {
  const { config, store, tokens } = deps;
  const inbox = store.repos.eventInbox;
  const hub = new LiveHub();
  registerEventsRoute(app, inbox);
  if (!config.live.enabled) {
    registerLiveStreamOff(app);
    return { hub, bootstrap: undefined, readiness: () => ({ live: { enabled: false } }) };
  }

  // One secret for every replica: on PostgreSQL kept in the database, on SQLite (one process) in DATA_DIR.
  const secret =
    store.engine === 'postgres'
      ? await resolveSharedWebhookSecret(store.repos.meta, config.live.webhookSecret)
      : resolveWebhookSecret(config.dataDir, config.live.webhookSecret);
  registerWebhookReceiver(app, { inbox, secret, onStored: deps.onStored, onReceived: deps.onReceived });
  registerLiveStream(app, { inbox, hub, streamsPerUser: config.live.streamsPerUser });

  const fanOut = new LiveFanOut({
    inbox,
    hub,
    watch: (watcher) => store.watchInbox(watcher),
    log: (level, message, detail) => app.log[level]({ live: detail }, message),
  });
  await fanOut.start();

  const bootstrap = new SubscriptionBootstrap({
    records: store.repos.liveSubscriptions,
    exclusively: (work, signal) => store.exclusively('liveSubscriptions', work, { signal }),
    tokens,
    upstreamBaseUrl: config.upstream.baseUrl,
    secret,
    log: (level, message, detail) => app.log[level]({ liveSubscriptions: detail }, message),
    // Through the inbox: every replica's streams get it, and so does a console resuming by Last-Event-ID.
    onRecreated: async (eventTypes) => {
      const data: LiveMissedEventsData = {
        eventTypes,
        detail:
          'The console’s webhook subscriptions had gone and were created again: events sent meanwhile were missed. Refetch what is shown.',
      };
      await inbox.receive({
        id: `console-missed-${randomUUID()}`,
        tenantId: '',
        eventTime: new Date().toISOString(),
        eventType: LIVE_MISSED_EVENTS_TYPE,
        eventSubType: null,
        data,
      });
      app.log.warn(
        { liveSubscriptions: { eventTypes } },
        'webhook subscriptions were re-created; connected consoles told they may have missed events',
      );
      // What the BFF keeps from events (the review desk's index) is incomplete too.
      void deps
        .onEventsMissed?.()
        .catch((e: unknown) =>
          app.log.warn({ liveSubscriptions: { error: e instanceof Error ? e.message : String(e) } }, 'missed events not recorded'),
        );
    },
  });
  await bootstrap.refresh();

  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    bootstrap.start(config.live.publicUrl ?? `http://localhost:${port}`);
  });
  // Before the server closes: open streams would otherwise hold the close up.
  app.addHook('preClose', async () => {
    hub.closeAll();
    await Promise.all([bootstrap.stop(), fanOut.stop()]);
  });
  return {
    hub,
    bootstrap,
    readiness: () => {
      const state: FanOutState = store.engine === 'sqlite' ? 'in-process' : fanOut.listening ? 'listening' : 'reconnecting';
      return { live: { enabled: true, connections: hub.size, fanOut: state, ...bootstrap.state } };
    },
  };
}
