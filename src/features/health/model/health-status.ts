import type { ConsoleHealth, HealthIncident } from '../../../contract/console-health';

/** A part's state on the health page, always shown with its word, never by colour alone. */
export type HealthStatus = 'ok' | 'warning' | 'failing';

/** Token: one failed renewal is a warning (the next try may work); three in a row, or never obtained, is failing. */
export function tokenStatus(token: ConsoleHealth['token']): HealthStatus {
  if (token.failuresInARow === 0) return 'ok';
  return token.failuresInARow >= 3 || token.lastObtainedAt === null ? 'failing' : 'warning';
}

/** A subscription is quiet when no event of its type arrived for the BFF's silence limit (HEALTH_EVENT_SILENCE_MINUTES), or none yet. */
export function subscriptionStatus(secondsSinceLastEvent: number | null, silenceMinutes: number): HealthStatus {
  return secondsSinceLastEvent !== null && secondsSinceLastEvent < silenceMinutes * 60 ? 'ok' : 'warning';
}

/** An incident is failing while it lasts, and OK once it ended. */
export const incidentStatus = (incident: HealthIncident): HealthStatus => (incident.closedAt === null ? 'failing' : 'ok');

/** The service's answers of the last hour: a few failures are a warning, one in five failing is failing. */
export function upstreamStatus(upstream: ConsoleHealth['upstream']): HealthStatus {
  if (upstream.errors === 0) return 'ok';
  return upstream.errorRate >= 0.2 ? 'failing' : 'warning';
}

/** Whole minutes since the last event, for "last event N minutes ago". */
export const minutesSince = (seconds: number): number => Math.floor(seconds / 60);
