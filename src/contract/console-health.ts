import { z } from 'zod';

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
  generatedAt: z.string(),
});
export type ConsoleHealth = z.infer<typeof consoleHealthSchema>;
