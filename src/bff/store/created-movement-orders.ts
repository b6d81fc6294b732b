import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { CreatedMovementOrder } from '../../contract/movement-orders.js';
import type { BffTables, CreatedMovementOrdersTable } from './tables.js';

/** The movement order messages sent through this console: the API has no list, so the BFF keeps one. */
export interface CreatedMovementOrderRepository {
  /** Once per referenceId: a second record of the same one is ignored. */
  record(order: CreatedMovementOrder): Promise<void>;
  /** Newest first. */
  list(limit: number): Promise<CreatedMovementOrder[]>;
}

const strings = z.array(z.string());
const parseStrings = (json: string): string[] => {
  const parsed = strings.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
};

const toOrder = (r: Selectable<CreatedMovementOrdersTable>): CreatedMovementOrder => ({
  referenceId: r.reference_id,
  createdAt: r.created_at,
  sub: r.sub,
  name: r.name,
  externalReferences: parseStrings(r.external_references),
  movementTypes: parseStrings(r.movement_types),
  lineCount: Number(r.line_count),
});

export function createdMovementOrderRepository(db: Kysely<BffTables>): CreatedMovementOrderRepository {
  return {
    async record(order) {
      await db
        .insertInto('created_movement_orders')
        .values({
          reference_id: order.referenceId,
          created_at: order.createdAt,
          sub: order.sub,
          name: order.name,
          external_references: JSON.stringify(order.externalReferences),
          movement_types: JSON.stringify(order.movementTypes),
          line_count: order.lineCount,
        })
        .onConflict((c) => c.column('reference_id').doNothing())
        .execute();
    },

    async list(limit) {
      const rows = await db
        .selectFrom('created_movement_orders')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('reference_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toOrder);
    },
  };
}
