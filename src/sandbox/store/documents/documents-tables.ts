/** Customs documents of declarations (migration 0002-declarations). */
export interface DocumentsTable {
  id: string;
  tenant_id: string;
  declaration_id: string;
  document_type: string;
  file_name: string;
  content_type: string;
  content: Buffer;
  created_at: string;
}

/** Documents seeded declarations owe (rendered by a background job after seeding, not on read). */
export interface SeededDocumentsTable {
  declaration_id: string;
  document_type: string;
}

export interface DocumentsTables {
  documents: DocumentsTable;
  seeded_documents: SeededDocumentsTable;
}
