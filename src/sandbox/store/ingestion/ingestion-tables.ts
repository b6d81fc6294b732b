/** The ingestion history (migration 0002-declarations): one row per accepted message. */
export interface IngestionMessagesTable {
  reference_id: string;
  tenant_id: string;
  kind: string;
  message_type: string | null;
  external_reference: string | null;
  direction: string | null;
  /** The message as accepted, JSON. */
  body: string;
  status: string;
  /** string[] JSON, null when there were none. */
  error_descriptions: string | null;
  received_at: string;
  processed_at: string | null;
}

export interface IngestionTables {
  ingestion_messages: IngestionMessagesTable;
}
