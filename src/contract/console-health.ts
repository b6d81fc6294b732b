import { z } from 'zod';

/**
 * What the console alerts its supervisors of about itself (issue 26): events silent (none arrived
 * for HEALTH_EVENT_SILENCE_MINUTES after a declaration action the service accepted) and the service
 * failing (5xx, 401 or no answer, with no success in between, for longer than a minute).
 */
export const HEALTH_INCIDENT_KINDS = ['events-silent', 'service-failing'] as const;
export type HealthIncidentKind = (typeof HEALTH_INCIDENT_KINDS)[number];

/** How long the service must keep failing before it is an incident. */
export const SERVICE_FAILING_AFTER_MS = 60_000;

export const healthIncidentSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(HEALTH_INCIDENT_KINDS),
  openedAt: z.string(),
  /** null while it lasts. */
  closedAt: z.string().nullable(),
  /** When it began: the first action left without an event (events-silent), the first failure (service-failing). */
  since: z.string(),
  /** events-silent: when the last event before the silence arrived (null: none ever). */
  lastEventAt: z.string().nullable(),
  /** service-failing: what the last failure was (e.g. HTTP 503). */
  lastError: z.string().nullable(),
});
export type HealthIncident = z.infer<typeof healthIncidentSchema>;

/** The alert rules' event type for these incidents, with one subtype per start and end. */
export const CONSOLE_HEALTH_EVENT_TYPE = 'ConsoleHealth';
export const CONSOLE_HEALTH_SUB_TYPES = ['EventsSilent', 'EventsResumed', 'ServiceFailing', 'ServiceRecovered'] as const;
export type ConsoleHealthSubType = (typeof CONSOLE_HEALTH_SUB_TYPES)[number];

export const incidentSubType = (kind: HealthIncidentKind, phase: 'opened' | 'closed'): ConsoleHealthSubType =>
  kind === 'events-silent'
    ? phase === 'opened'
      ? 'EventsSilent'
      : 'EventsResumed'
    : phase === 'opened'
      ? 'ServiceFailing'
      : 'ServiceRecovered';

/**
 * The console's own health (issue 26, GET /api/health, supervisors; docs/alerts.md): the service
 * token, the live webhook subscriptions and how long since each last brought an event, the live
 * streams, and the service's answers over the last hour, as this replica saw them.
 */
export const consoleHealthSchema = z.object({
  /** ACCEPTANCE or PRODUCTION (ENVIRONMENT), and whether the service is the local sandbox. */
  environment: z.string(),
  sandbox: z.boolean(),
  token: z.object({
    lastObtainedAt: z.string().nullable(),
    lastFailureAt: z.string().nullable(),
    lastError: z.string().nullable(),
    /** Failed token requests since the last success. */
    failuresInARow: z.number().int().nonnegative(),
  }),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      /** The newest event of its type the BFF stored (any replica); null when none yet. */
      lastEventAt: z.string().nullable(),
      secondsSinceLastEvent: z.number().int().nonnegative().nullable(),
    }),
  ),
  /** Open /api/live streams on this replica. */
  liveStreams: z.number().int().nonnegative(),
  upstream: z.object({
    /** Calls to the service in the last hour (this replica). */
    calls: z.number().int().nonnegative(),
    /** Answered 5xx, 401, or not at all. */
    errors: z.number().int().nonnegative(),
    errorRate: z.number().min(0).max(1),
    /** Median and 95th percentile time to the answer, milliseconds; null without calls. */
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
  }),
  /** HEALTH_EVENT_SILENCE_MINUTES: events are silent when none came for this long while declarations move. */
  eventSilenceMinutes: z.number().int().positive(),
  /** Open incidents first, then those closed in the last 24 hours, newest first (every replica's). */
  incidents: z.array(healthIncidentSchema),
  generatedAt: z.string(),
});
export type ConsoleHealth = z.infer<typeof consoleHealthSchema>;
