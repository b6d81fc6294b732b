import type { Kysely } from 'kysely';
import type { BffTables } from './tables.js';

/** A webhook subscription the BFF created upstream, with what it was created for. */
export interface LiveSubscriptionRecord {
  id: string;
  eventType: string;
  destinationUrl: string;
  /** Fingerprint of the secret it carries (the service masks header values on read). */
  secretFingerprint: string;
  createdAt: string;
}

/** The BFF's own webhook subscriptions, one set for the deployment (the bootstrap keeps it). */
export interface LiveSubscriptionRepository {
  /** Oldest first. */
  list(): Promise<LiveSubscriptionRecord[]>;
  add(record: LiveSubscriptionRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

export function liveSubscriptionRepository(db: Kysely<BffTables>): LiveSubscriptionRepository {
  return {
    async list() {
      const rows = await db.selectFrom('live_subscriptions').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id,
        eventType: r.event_type,
        destinationUrl: r.destination_url,
        secretFingerprint: r.secret_fingerprint,
        createdAt: r.created_at,
      }));
    },
    async add(r) {
      await db
        .insertInto('live_subscriptions')
        .values({
          id: r.id,
          event_type: r.eventType,
          destination_url: r.destinationUrl,
          secret_fingerprint: r.secretFingerprint,
          created_at: r.createdAt,
        })
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('live_subscriptions').where('id', '=', id).execute();
    },
  };
}
