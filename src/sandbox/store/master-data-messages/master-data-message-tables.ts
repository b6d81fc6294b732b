import type { MasterDataMessageKind } from '../../../contract/master-data-messages.js';

/** Tables of the master data messages part (migration 0003-messages). JSON documents are stored as text. */
export interface MasterDataMessageTables {
  /** Ingestion history of material lists, invalidation requests, certificates of origin and shipments. */
  master_data_messages: {
    reference_id: string;
    tenant_id: string;
    kind: MasterDataMessageKind;
    business_reference: string;
    format: 'json' | 'xml';
    /** The message as accepted. */
    body: string;
    status: 'Accepted' | 'Processed' | 'Rejected';
    /** JSON array of strings; null when there were none. */
    error_descriptions: string | null;
    received_at: string;
    processed_at: string | null;
  };
  /** The current revision of each material list, per (tenant, externalReference). */
  material_lists: {
    tenant_id: string;
    external_reference: string;
    item_id: string;
    status: 'Active' | 'Invalidated';
    revision: number;
    /** The message that wrote this revision. */
    reference_id: string;
    body: string;
    updated_at: string;
  };
}
