import { z } from 'zod';
import {
  assignedClassificationSchema,
  classificationResultSchema,
  jurisdictionSchema,
  runStatusSchema,
  type AssignedClassification,
  type ClassificationResult,
  type Jurisdiction,
  type RunStatus,
} from '../../../contract/classification.js';
import type { Selectable } from 'kysely';
import type { ClassificationItemsTable, ClassificationRunsTable } from './classification-tables.js';

/** A classification item as the repository returns it. Times are epoch milliseconds. */
export interface StoredItem {
  id: string;
  tenantId: string;
  externalReference: string;
  description: string | null;
  origin: string | null;
  assigned: AssignedClassification[];
  /** Jurisdictions whose latest completed run proposes a better code than the assigned one. */
  betterJurisdictions: Jurisdiction[];
  createdAt: number;
  updatedAt: number;
}

export interface NewItem {
  externalReference: string;
  description: string | null;
  origin: string | null;
  assigned: AssignedClassification[];
}

/** PATCH fields, validated; `null` clears description or origin, absent leaves a field alone. */
export interface ItemChanges {
  externalReference?: string;
  description?: string | null;
  origin?: string | null;
}

/** An image ready to store: decoded and checked. PDF pages carry their text as evidence. */
export interface PreparedImage {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  pageText?: string;
}

export interface ImageMeta {
  imageId: string;
  itemId: string;
  fileName: string;
  contentType: string;
}

export interface StoredImage {
  fileName: string;
  contentType: string;
  /** A Buffer on both engines. */
  bytes: Buffer;
}

/** What the engine reads besides the description. */
export interface ImageEvidence {
  fileName: string;
  pageText: string | null;
}

export interface StoredRun {
  id: string;
  itemId: string;
  jurisdiction: Jurisdiction;
  code: string | null;
  status: RunStatus;
  result: ClassificationResult | null;
  errorCode: string | null;
  message: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Item search: inclusive bounds in epoch milliseconds, ordered by creation time then id. */
export interface SearchFilter {
  offset: number;
  limit: number;
  /** `*` at the start, end or both is a wildcard (reference-pattern.ts). */
  externalReference?: string;
  creationDateFrom?: number;
  creationDateTo?: number;
  lastUpdatedFrom?: number;
  lastUpdatedTo?: number;
  hasBetterSuggestion?: boolean;
}

/** The unique (tenant, externalReference) constraint refused the write. */
export class ExternalReferenceInUse extends Error {
  constructor(readonly externalReference: string) {
    super(`externalReference ${externalReference} is already in use.`);
  }
}

const assignedListSchema = z.array(assignedClassificationSchema);
const jurisdictionListSchema = z.array(jurisdictionSchema);

export const toItem = (r: Selectable<ClassificationItemsTable>): StoredItem => ({
  id: r.id,
  tenantId: r.tenant_id,
  externalReference: r.external_reference,
  description: r.description,
  origin: r.origin,
  assigned: assignedListSchema.parse(JSON.parse(r.assigned)),
  betterJurisdictions: jurisdictionListSchema.parse(JSON.parse(r.better_jurisdictions)),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toRun = (r: Selectable<ClassificationRunsTable>): StoredRun => ({
  id: r.id,
  itemId: r.item_id,
  jurisdiction: jurisdictionSchema.parse(r.jurisdiction),
  code: r.code,
  status: runStatusSchema.parse(r.status),
  result: r.result === null ? null : classificationResultSchema.parse(JSON.parse(r.result)),
  errorCode: r.error_code,
  message: r.message,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The better-suggestion set after a completed run of `jurisdiction`, as stored (sorted JSON). */
export function betterJurisdictionsAfter(stored: string, jurisdiction: Jurisdiction, better: boolean): string {
  const set = new Set(jurisdictionListSchema.parse(JSON.parse(stored)));
  if (better) set.add(jurisdiction);
  else set.delete(jurisdiction);
  return JSON.stringify([...set].sort());
}
