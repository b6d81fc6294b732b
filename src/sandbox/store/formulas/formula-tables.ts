/** Tables of the formulas part (migration 0003-messages). JSON documents are stored as text. */
export interface FormulaTables {
  /** One row per (tenant, item): created by its first valid message. */
  formulas: { tenant_id: string; item_id: string; created_at: string };
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
