import type { Generated } from 'kysely';

/**
 * Tables of the declarations part as Kysely sees them (migration 0002-declarations). Searchable
 * fields are real, indexed columns; documents (header, goods item data, errors, shipment data)
 * are JSON text, read whole and never scanned by search.
 */
export interface CustomsShipmentsTable {
  id: string;
  tenant_id: string;
  external_reference: string;
  direction: string;
  /** The shipment message less messageType, JSON. */
  data: string;
  created_at: string;
  updated_at: string;
}

export interface DeclarationsTable {
  /** Insertion order (the order of a shipment's declarations). */
  seq: Generated<number>;
  id: string;
  tenant_id: string;
  shipment_id: string;
  current_status: string;
  mrn: string | null;
  lrn: string;
  arc: string | null;
  ucr: string | null;
  external_reference: string;
  direction: string;
  customs_flow: string;
  customs_flow_step: string;
  step_instance_count: number;
  step_instance_seq: number;
  jurisdiction: string;
  storage_location: string | null;
  ship_from: string | null;
  ship_to: string | null;
  declaration_date: string | null;
  creation_date: string;
  last_updated: string;
  /** 0/1, kept beside `errors` so search answers hasErrors without parsing JSON. */
  has_errors: number;
  /** DeclarationError[], JSON. */
  errors: string;
  /** singleAdministrativeDocument without its goods items, JSON. */
  header: string;
  submission: number;
}

export interface GoodsItemsTable {
  declaration_id: string;
  item_id: string;
  cas_reference: string;
  /** 1-based order within the declaration. */
  position: number;
  data: string;
}

/** Persisted sequences (the LRN counter). */
export interface DeclarationCountersTable {
  name: string;
  value: number;
}

export interface DeclarationsTables {
  customs_shipments: CustomsShipmentsTable;
  declarations: DeclarationsTable;
  goods_items: GoodsItemsTable;
  declaration_counters: DeclarationCountersTable;
}
