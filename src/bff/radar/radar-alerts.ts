import { RADAR_EVENT_TYPE, radarKindSchema, type RadarItem, type RadarKind } from '../../contract/radar.js';
import type { AlertRouter } from '../alerts/alert-router.js';
import type { AlertsRepository } from '../store/alerts.js';
import { computeRadar, type RadarDeps } from './compute-radar.js';
import { PeriodicPass } from '../periodic-pass.js';

/** How often each replica looks at the radar for alert rules on it. */
const CHECK_MS = 60_000;

/** The event an overdue radar item is to the alert rules: one per item and due time, so each is alerted once (the alerts' unique key). */
export const radarEventId = (item: RadarItem): string => `radar:${item.key}:${item.dueAt ?? item.since}`;

/**
 * Radar items as alerts: rules on the event type `Radar` (subtypes: the kinds) hear of each item
 * once it is overdue (classification decisions, which have no due time, once they appear). Every
 * replica checks; the alerts' unique key on (event, rule, recipient) keeps it to one alert.
 */
export class RadarAlerts {
  private readonly periodic = new PeriodicPass(
    (now) => this.pass(now),
    CHECK_MS,
    (e: unknown) => this.deps.log('warn', 'radar alerts not checked', { error: e instanceof Error ? e.message : String(e) }),
  );

  constructor(
    private readonly deps: RadarDeps & {
      alerts: AlertsRepository;
      router: AlertRouter;
      log: (level: 'warn' | 'info', message: string, detail: Record<string, unknown>) => void;
    },
  ) {}

  /** Routes the overdue items to the radar rules; returns how many alerts this replica recorded. */
  check(now = new Date()): Promise<number> {
    return this.periodic.run(now);
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async pass(now: Date): Promise<number> {
    const rules = await this.deps.alerts.rulesFor(RADAR_EVENT_TYPE);
    if (rules.length === 0) return 0;
    const kinds = rules.some((r) => r.eventSubTypes.length === 0)
      ? undefined
      : [...new Set(rules.flatMap((r) => r.eventSubTypes))].flatMap((k): RadarKind[] => {
          const kind = radarKindSchema.safeParse(k);
          return kind.success ? [kind.data] : [];
        });
    if (kinds?.length === 0) return 0;
    const radar = await computeRadar(this.deps, { soonMinutes: 0, kind: kinds }, now);
    let recorded = 0;
    for (const item of radar.items.filter((i) => i.overdue || i.dueAt === null)) {
      recorded += await this.deps.router.route(
        {
          id: radarEventId(item),
          tenantId: 'customs-console',
          eventTime: item.dueAt ?? item.since,
          eventType: RADAR_EVENT_TYPE,
          eventSubType: item.kind,
          data: { id: item.declarationId, lrn: item.lrn, jurisdiction: item.jurisdiction, subject: item.subject, link: item.link },
        },
        item.declarationId,
      );
    }
    return recorded;
  }
}
