import type { Kysely } from 'kysely';
import { z } from 'zod';
import { eventEnvelopeSchema } from '../../contract/events.js';
import type { InboxEvent } from '../../contract/live.js';
import type { BffTables } from './tables.js';

/**
 * The received events that name ingested messages: outcome events carry the referenceId of the
 * message in `data.ingestionReferences` (specification, Events). Read from the event inbox; the
 * ingest history shows them beside each message, and rebuilds a history from them against a
 * service without the sandbox's history endpoint.
 */
export interface IngestEventsRepository {
  /** Events naming any of these referenceIds, per referenceId, newest first. */
  forReferences(referenceIds: readonly string[]): Promise<Map<string, InboxEvent[]>>;
  /** The newest `limit` events that name an ingested message, newest first. */
  recent(limit: number): Promise<InboxEvent[]>;
}

const referencesSchema = z.array(z.string());
export const ingestionReferencesOf = (e: InboxEvent): string[] => referencesSchema.catch([]).parse(e.event.data['ingestionReferences']);

/** referenceIds searched in the stored JSON text: only plain ones (uuids and the like), so none is read as a LIKE pattern. */
const PLAIN = /^[A-Za-z0-9-]{1,100}$/;

export function ingestEventsRepository(db: Kysely<BffTables>): IngestEventsRepository {
  const toEvent = (r: { received_at: string; envelope: string }): InboxEvent => ({
    receivedAt: r.received_at,
    event: eventEnvelopeSchema.parse(JSON.parse(r.envelope)),
  });
  return {
    async forReferences(referenceIds) {
      const wanted = [...new Set(referenceIds)].filter((r) => PLAIN.test(r));
      const found = new Map<string, InboxEvent[]>();
      if (wanted.length === 0) return found;
      const rows = await db
        .selectFrom('event_inbox')
        .select(['received_at', 'envelope'])
        .where((w) => w.or(wanted.map((r) => w('envelope', 'like', `%"${r}"%`))))
        .orderBy('event_ms', 'desc')
        .orderBy('seq', 'desc')
        .limit(50 * wanted.length)
        .execute();
      // The text match is a pre-filter; the match that counts is on the parsed ingestionReferences.
      for (const event of rows.map(toEvent)) {
        for (const ref of ingestionReferencesOf(event)) if (wanted.includes(ref)) found.set(ref, [...(found.get(ref) ?? []), event]);
      }
      return found;
    },
    async recent(limit) {
      const rows = await db
        .selectFrom('event_inbox')
        .select(['received_at', 'envelope'])
        .where('envelope', 'like', '%"ingestionReferences"%')
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEvent).filter((e) => ingestionReferencesOf(e).length > 0);
    },
  };
}
