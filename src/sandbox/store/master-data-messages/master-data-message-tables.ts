/** Tables of the master data messages part (migration 0003-messages). JSON documents are stored as text. */
export interface MasterDataMessageTables {
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
