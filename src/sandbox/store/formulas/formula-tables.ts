/** Tables of the formulas part (migration 0003-messages). JSON documents are stored as text. */
export interface FormulaTables {
  /** Ingestion history: every accepted message, its validation outcome. */
  formula_messages: {
    reference_id: string;
    tenant_id: string;
    item_id: string;
    format: 'json' | 'xml';
    /** The message as accepted (structure checked, rules not yet). */
    body: string;
    status: 'Accepted' | 'Processed' | 'Rejected';
    /** JSON array of strings; null when there were none. */
    error_descriptions: string | null;
    received_at: string;
    processed_at: string | null;
  };
  /** One row per (tenant, item): created by its first valid message. */
  formulas: {
    tenant_id: string;
    item_id: string;
    created_at: string;
  };
  formula_versions: {
    tenant_id: string;
    item_id: string;
    version_number: number;
    reference_id: string;
    /** The validated formula (lines and secondary products included). */
    body: string;
    created_at: string;
  };
}
