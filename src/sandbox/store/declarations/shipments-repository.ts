import type { Kysely } from 'kysely';
import type { Direction } from '../../../contract/customs-shipment.js';
import { parseJsonObject, type JsonObject } from './declaration-record.js';
import type { DeclarationsTables } from './declarations-tables.js';

/** A customs shipment as last received. Identified by externalReference + direction within its tenant (docs/service-facts.md 4.2). */
export interface ShipmentRecord {
  id: string;
  tenantId: string;
  externalReference: string;
  direction: Direction;
  /** The shipment message less messageType, normalised (goodsShipment inside singleAdministrativeDocument). */
  data: JsonObject;
}

export interface ShipmentsRepository {
  find(tenantId: string, externalReference: string, direction: Direction): Promise<ShipmentRecord | undefined>;
  /** `at` is both its creation and last update. */
  insert(shipment: ShipmentRecord, at: string): Promise<void>;
  updateData(id: string, data: JsonObject, at: string): Promise<void>;
}

export function shipmentsRepository(db: Kysely<DeclarationsTables>): ShipmentsRepository {
  return {
    async find(tenantId, externalReference, direction) {
      const row = await db
        .selectFrom('customs_shipments')
        .select(['id', 'data'])
        .where('tenant_id', '=', tenantId)
        .where('external_reference', '=', externalReference)
        .where('direction', '=', direction)
        .executeTakeFirst();
      return row && { id: row.id, tenantId, externalReference, direction, data: parseJsonObject(row.data) };
    },

    async insert(s, at) {
      await db
        .insertInto('customs_shipments')
        .values({
          id: s.id,
          tenant_id: s.tenantId,
          external_reference: s.externalReference,
          direction: s.direction,
          data: JSON.stringify(s.data),
          created_at: at,
          updated_at: at,
        })
        .execute();
    },

    async updateData(id, data, at) {
      await db
        .updateTable('customs_shipments')
        .set({ data: JSON.stringify(data), updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}
