import { z } from 'zod';
import {
  ingestChannelSchema,
  ingestMessageTypeSchema,
  ingestOutcomeSchema,
  type IngestHistoryQuery,
} from '../../../../contract/ingest-history';

const day = z.iso.date();

/**
 * The history filters in the /ingestion URL (so a filtered history can be shared and survives a
 * reload): channel, type, outcome and a day range. Anything unrecognised is dropped, not an error.
 */
export const historySearchSchema = z.object({
  channel: ingestChannelSchema.optional().catch(undefined),
  type: ingestMessageTypeSchema.optional().catch(undefined),
  outcome: ingestOutcomeSchema.optional().catch(undefined),
  /** First and last day received (inclusive), yyyy-mm-dd in the user's time zone. */
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});
export type HistorySearch = z.infer<typeof historySearchSchema>;

/** Midnight at the start of a local day, as an ISO instant. */
const startOfDay = (d: string): string => new Date(`${d}T00:00:00`).toISOString();
const nextDay = (d: string): string => {
  const t = new Date(`${d}T00:00:00`);
  t.setDate(t.getDate() + 1);
  return t.toISOString();
};

/** The BFF query of a filter: `to` is the day after the last day (the endpoint's `to` is exclusive). */
export function toHistoryQuery(search: HistorySearch): Omit<IngestHistoryQuery, 'limit' | 'cursor'> {
  return {
    ...(search.channel ? { channel: search.channel } : {}),
    ...(search.type ? { type: search.type } : {}),
    ...(search.outcome ? { outcome: search.outcome } : {}),
    ...(search.from ? { from: startOfDay(search.from) } : {}),
    ...(search.to ? { to: nextDay(search.to) } : {}),
  };
}
