import type { Generated } from 'kysely';

/** Items, their images and their runs (migration 0004-classification). Times are epoch milliseconds. */
export interface ClassificationItemsTable {
  id: string;
  tenant_id: string;
  /** Unique per tenant, case-sensitive. */
  external_reference: string;
  description: string | null;
  origin: string | null;
  /** JSON: AssignedClassification[]. */
  assigned: Generated<string>;
  /** JSON: sorted jurisdictions whose latest completed run proposes a better code than the assigned one. */
  better_jurisdictions: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ClassificationImagesTable {
  id: string;
  item_id: string;
  /** Order of the image on its item (0, 1, ...), so both engines list images as they were added. */
  position: Generated<number>;
  file_name: string;
  content_type: string;
  bytes: Buffer;
  /** Text of a rendered PDF page, evidence for the engine. */
  page_text: string | null;
  created_at: number;
}

export interface ClassificationRunsTable {
  id: string;
  item_id: string;
  jurisdiction: string;
  code: string | null;
  status: 'Pending' | 'Processing' | 'Completed' | 'Error';
  /** JSON: ClassificationResult, once completed. */
  result: string | null;
  error_code: string | null;
  message: string | null;
  created_at: number;
  updated_at: number;
}

export interface ClassificationTables {
  classification_items: ClassificationItemsTable;
  classification_images: ClassificationImagesTable;
  classification_runs: ClassificationRunsTable;
}
