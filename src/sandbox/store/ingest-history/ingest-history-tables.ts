/** The ingest history (migration 0007-ingest-history): one row per message received over HTTPS or FTPS. */
export interface IngestHistoryTable {
  /** The referenceId of an accepted message; a new id for a refused FTPS file. */
  id: string;
  reference_id: string | null;
  tenant_id: string;
  channel: string;
  message_type: string;
  message_id: string | null;
  file_name: string | null;
  format: string;
  business_reference: string | null;
  received_at: string;
  processed_at: string | null;
  outcome: string;
  outcome_detail: string | null;
  /** JSON string arrays. */
  errors: string;
  declaration_ids: string;
  movement_order_ids: string;
  /** The accepted message as JSON, which its processing reads (migration 0010); null for a refused file. */
  body: string | null;
}

export interface IngestHistoryTables {
  ingest_history: IngestHistoryTable;
}
