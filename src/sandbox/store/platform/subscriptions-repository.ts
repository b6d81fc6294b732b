import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { PlatformTables, SubscriptionsTable } from './platform-tables.js';

/** The destination as stored: secrets in clear, because the sandbox must use them to deliver. */
export const storedDestinationSchema = z.object({
  destinationUrl: z.string(),
  accessTokenUrl: z.string().optional(),
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  scope: z.string().optional(),
  audience: z.string().optional(),
  additionalHeaders: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type StoredDestination = z.infer<typeof storedDestinationSchema>;

export interface StoredSubscription {
  id: string;
  tenantId: string;
  eventType: string;
  eventSubType?: string;
  destinationType: string;
  destination: StoredDestination;
  createdAt: number;
  deletedAt?: number;
}

export interface EventToMatch {
  tenantId: string;
  eventType: string;
  eventSubType: string;
}

/**
 * Webhook subscriptions. A deleted subscription is kept (deleted_at set) so its delivery records
 * still point somewhere; it is gone for every /v1 read.
 */
export interface SubscriptionsRepository {
  insert(subscription: StoredSubscription): Promise<void>;
  /** An active subscription of the tenant (undefined when absent, deleted or another tenant's). */
  find(tenantId: string, id: string): Promise<StoredSubscription | undefined>;
  /** Any subscription, deleted ones included (delivery worker). */
  get(id: string): Promise<StoredSubscription | undefined>;
  /** Active subscriptions of the tenant, oldest first. */
  listActive(tenantId: string): Promise<StoredSubscription[]>;
  /**
   * Active subscriptions an event goes to: same tenant and type, the same subtype or none, and
   * created at or before `createdAtOrBefore` (the event's time: a subscription never receives
   * events published before it existed).
   */
  matching(event: EventToMatch, createdAtOrBefore: number): Promise<StoredSubscription[]>;
  /** Soft delete at `at`; false when there was no active subscription of that tenant. */
  softDelete(tenantId: string, id: string, at: number): Promise<boolean>;
}

function toSubscription(row: Selectable<SubscriptionsTable>): StoredSubscription {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    eventType: row.event_type,
    ...(row.event_sub_type !== null ? { eventSubType: row.event_sub_type } : {}),
    destinationType: row.destination_type,
    destination: storedDestinationSchema.parse(JSON.parse(row.destination)),
    createdAt: row.created_at,
    ...(row.deleted_at !== null ? { deletedAt: row.deleted_at } : {}),
  };
}

export function subscriptionsRepository(db: Kysely<PlatformTables>): SubscriptionsRepository {
  const active = () => db.selectFrom('subscriptions').selectAll().where('deleted_at', 'is', null);
  return {
    async insert(s) {
      await db
        .insertInto('subscriptions')
        .values({
          id: s.id,
          tenant_id: s.tenantId,
          event_type: s.eventType,
          event_sub_type: s.eventSubType ?? null,
          destination_type: s.destinationType,
          destination: JSON.stringify(s.destination),
          created_at: s.createdAt,
          deleted_at: s.deletedAt ?? null,
        })
        .execute();
    },

    async find(tenantId, id) {
      const row = await active().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
      return row && toSubscription(row);
    },

    async get(id) {
      const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toSubscription(row);
    },

    async listActive(tenantId) {
      return (await active().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute()).map(toSubscription);
    },

    async matching(event, createdAtOrBefore) {
      const rows = await active()
        .where('tenant_id', '=', event.tenantId)
        .where('event_type', '=', event.eventType)
        .where((eb) => eb.or([eb('event_sub_type', 'is', null), eb('event_sub_type', '=', event.eventSubType)]))
        .where('created_at', '<=', createdAtOrBefore)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toSubscription);
    },

    async softDelete(tenantId, id, at) {
      const result = await db
        .updateTable('subscriptions')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
