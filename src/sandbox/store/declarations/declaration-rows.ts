import type { Insertable, Selectable } from 'kysely';
import { z } from 'zod';
import { goodsItemSchema, singleAdministrativeDocumentSchema, type Direction } from '../../../contract/customs-shipment.js';
import { declarationErrorSchema } from '../../../contract/declarations.js';
import type { DeclarationRecord, GoodsItemDocument, NewDeclaration, StoredGoodsItem } from './declaration-record.js';
import type { DeclarationsTable, GoodsItemsTable } from './declarations-tables.js';

/** Rows to records and back: the only place that knows the column names of a declaration. */

const errorsSchema = z.array(declarationErrorSchema);

export const toDirection = (d: string): Direction => (d === 'OUT' ? 'OUT' : 'IN');

export function toRecord(r: Selectable<DeclarationsTable>): DeclarationRecord {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    shipmentId: r.shipment_id,
    status: r.current_status,
    mrn: r.mrn,
    lrn: r.lrn,
    arc: r.arc,
    ucr: r.ucr,
    externalReference: r.external_reference,
    direction: toDirection(r.direction),
    customsFlow: r.customs_flow,
    customsFlowStep: r.customs_flow_step,
    stepInstanceCount: r.step_instance_count,
    stepInstanceSeq: r.step_instance_seq,
    jurisdiction: r.jurisdiction,
    storageLocation: r.storage_location,
    shipFrom: r.ship_from,
    shipTo: r.ship_to,
    declarationDate: r.declaration_date,
    creationDate: r.creation_date,
    lastUpdated: r.last_updated,
    errors: errorsSchema.parse(JSON.parse(r.errors)),
    header: singleAdministrativeDocumentSchema.parse(JSON.parse(r.header)),
    submission: r.submission,
  };
}

export function toRow(d: NewDeclaration): Insertable<DeclarationsTable> {
  const errors = d.errors ?? [];
  return {
    id: d.id,
    tenant_id: d.tenantId,
    shipment_id: d.shipmentId,
    current_status: d.status,
    mrn: d.mrn,
    lrn: d.lrn,
    arc: d.arc,
    ucr: d.ucr,
    external_reference: d.externalReference,
    direction: d.direction,
    customs_flow: d.customsFlow,
    customs_flow_step: d.customsFlowStep,
    step_instance_count: d.stepInstanceCount,
    step_instance_seq: d.stepInstanceSeq,
    jurisdiction: d.jurisdiction,
    storage_location: d.storageLocation,
    ship_from: d.shipFrom,
    ship_to: d.shipTo,
    declaration_date: d.declarationDate,
    creation_date: d.creationDate,
    last_updated: d.lastUpdated ?? d.creationDate,
    has_errors: errors.length > 0 ? 1 : 0,
    errors: JSON.stringify(errors),
    header: JSON.stringify(d.header),
    submission: d.submission ?? 0,
  };
}

export const toItem = (r: Pick<GoodsItemsTable, 'item_id' | 'cas_reference' | 'data'>): StoredGoodsItem => ({
  id: r.item_id,
  casReference: r.cas_reference,
  data: goodsItemSchema.parse(JSON.parse(r.data)),
});

/** Goods item rows in document order (position 1, 2, ...). */
export const itemRows = (declarationId: string, items: readonly GoodsItemDocument[]): GoodsItemsTable[] =>
  items.map((item, i) => ({
    declaration_id: declarationId,
    item_id: item.id,
    cas_reference: item.casReference,
    position: i + 1,
    data: JSON.stringify(item.data),
  }));
