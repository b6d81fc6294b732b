import type { Direction } from '../../contract/customs-shipment.js';
import { parseJsonObject, type JsonObject } from '../declarations/declaration-store.js';
import type { Db } from '../store/db.js';

/** A customs shipment as last received (table customs_shipments, in declarationsSchema). Identified by externalReference + direction (service-facts 4.2). */
export interface ShipmentRecord {
  id: string;
  tenantId: string;
  externalReference: string;
  direction: Direction;
  /** The shipment message less messageType, normalised (goodsShipment inside singleAdministrativeDocument). */
  data: JsonObject;
}

export class ShipmentStore {
  private readonly findStmt;
  private readonly insertStmt;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.findStmt = db.prepare<[string, string, string], { id: string; data: string }>('SELECT id, data FROM customs_shipments WHERE tenant_id = ? AND external_reference = ? AND direction = ?');
    this.insertStmt = db.prepare('INSERT INTO customs_shipments (id, tenant_id, external_reference, direction, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  }

  find(tenantId: string, externalReference: string, direction: Direction): ShipmentRecord | undefined {
    const row = this.findStmt.get(tenantId, externalReference, direction);
    return row && { id: row.id, tenantId, externalReference, direction, data: parseJsonObject(row.data) };
  }

  insert(s: ShipmentRecord, at = this.now().toISOString()): void {
    this.insertStmt.run(s.id, s.tenantId, s.externalReference, s.direction, JSON.stringify(s.data), at, at);
  }

  updateData(id: string, data: JsonObject): void {
    this.db.prepare('UPDATE customs_shipments SET data = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(data), this.now().toISOString(), id);
  }
}
