import {
  CONSOLE_HEALTH_EVENT_TYPE,
  incidentSubType,
  SERVICE_FAILING_AFTER_MS,
  type HealthIncident,
} from '../../contract/console-health.js';
import type { AlertRouter } from '../alerts/alert-router.js';
import { healthIncidentMessage } from '../alerts/health-incident-message.js';
import { PeriodicPass } from '../periodic-pass.js';
import type { EventActivityRepository } from '../store/event-activity.js';
import type { HealthIncidentsRepository } from '../store/health-incidents.js';
import type { HealthTracker } from './health-tracker.js';

/** The incident this replica opened or closed, if another did not first. */
const listOf = (incident: HealthIncident | undefined): HealthIncident[] => (incident ? [incident] : []);

/** How often each replica looks: a failing service is alerted within about a minute and a quarter. */
const CHECK_MS = 15_000;

export interface HealthAlertsDeps {
  incidents: HealthIncidentsRepository;
  activity: EventActivityRepository;
  tracker: HealthTracker;
  router: AlertRouter;
  /** Live events on: without them no event is expected, so silence is no incident. */
  eventsExpected: boolean;
  eventSilenceMinutes: number;
  consoleUrl: () => string;
  log: (level: 'warn' | 'info', message: string, detail: Record<string, unknown>) => void;
}

/**
 * The console's alerts about itself (docs/alerts.md section 7), checked by every replica:
 * - events silent: no event arrived for HEALTH_EVENT_SILENCE_MINUTES after a declaration action the
 *   service accepted (every action is answered by an event); ends when an event arrives;
 * - the service failing: its answers were 5xx, 401 or none, with no good answer between, for longer
 *   than a minute as this replica saw them; ends when a replica sees a good answer after it began
 *   (the failures a replica saw before that end are not told again).
 * One incident per kind is open at a time across replicas (the store's unique key); the replica that
 * opens or closes one routes it to the alert rules on `ConsoleHealth`, so each is told once.
 */
export class HealthAlerts {
  private readonly periodic = new PeriodicPass(
    (now) => this.pass(now),
    CHECK_MS,
    (e: unknown) => this.deps.log('warn', 'the console’s health not checked', { error: e instanceof Error ? e.message : String(e) }),
  );

  constructor(private readonly deps: HealthAlertsDeps) {}

  /** Opens and closes incidents as of `now`; returns the incidents this replica opened or closed. */
  check(now = new Date()): Promise<HealthIncident[]> {
    return this.periodic.run(now);
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async pass(now: Date): Promise<HealthIncident[]> {
    const changed = [...(await this.serviceFailing(now)), ...(this.deps.eventsExpected ? await this.eventsSilent(now) : [])];
    for (const incident of changed) await this.tell(incident);
    return changed;
  }

  private async serviceFailing(now: Date): Promise<HealthIncident[]> {
    const { incidents, tracker } = this.deps;
    const latest = await incidents.latest('service-failing');
    const streak = tracker.failureStreak();
    if (latest?.closedAt === null) {
      const lastSuccess = tracker.lastSuccessAt();
      const recovered = !streak && lastSuccess !== undefined && lastSuccess > Date.parse(latest.since);
      return recovered ? listOf(await incidents.close('service-failing', now.toISOString())) : [];
    }
    // More than one failure: a single lost call a minute ago is not an outage.
    if (!streak || streak.failures < 2 || now.getTime() - streak.sinceMs < SERVICE_FAILING_AFTER_MS) return [];
    // Failures that began before the last incident ended belong to it (another replica saw the service answer).
    if (latest?.closedAt && streak.sinceMs <= Date.parse(latest.closedAt)) return [];
    const since = new Date(streak.sinceMs).toISOString();
    return listOf(
      await incidents.open({ kind: 'service-failing', since, lastEventAt: null, lastError: streak.lastError }, now.toISOString()),
    );
  }

  private async eventsSilent(now: Date): Promise<HealthIncident[]> {
    const { incidents, activity } = this.deps;
    const [latest, lastEventAt] = await Promise.all([incidents.latest('events-silent'), activity.lastReceivedAt()]);
    if (latest?.closedAt === null) {
      const resumed = lastEventAt !== null && (latest.lastEventAt === null || lastEventAt > latest.lastEventAt);
      return resumed ? listOf(await incidents.close('events-silent', now.toISOString())) : [];
    }
    const unanswered = await activity.firstActionSentAfter(lastEventAt);
    if (unanswered === null || now.getTime() - Date.parse(unanswered) < this.deps.eventSilenceMinutes * 60_000) return [];
    return listOf(await incidents.open({ kind: 'events-silent', since: unanswered, lastEventAt, lastError: null }, now.toISOString()));
  }

  private async tell(incident: HealthIncident): Promise<void> {
    const phase = incident.closedAt === null ? 'opened' : 'closed';
    const message = healthIncidentMessage(incident, this.deps.eventSilenceMinutes, this.deps.consoleUrl());
    this.deps.log('warn', message.title, { incident });
    await this.deps.router.route(
      {
        id: `health:${incident.id}:${phase}`,
        tenantId: 'customs-console',
        eventTime: incident.closedAt ?? incident.openedAt,
        eventType: CONSOLE_HEALTH_EVENT_TYPE,
        eventSubType: incidentSubType(incident.kind, phase),
        // The English words for the log and the console; the incident itself, for each reader's language (alert-message.ts).
        data: { title: message.title, text: message.text, incident, silenceMinutes: this.deps.eventSilenceMinutes },
      },
      null,
    );
  }
}
