import { z } from 'zod';
import type { Direction, GoodsItemInput, SingleAdministrativeDocumentInput } from '../../../contract/customs-shipment.js';
import type { DeclarationError } from '../../../contract/declarations.js';

/** A JSON document (header, goods item data, shipment data) as the sandbox stores it. */
export type JsonObject = Record<string, unknown>;
const jsonObjectSchema = z.record(z.string(), z.unknown());
export const parseJsonObject = (text: string): JsonObject => jsonObjectSchema.parse(JSON.parse(text));

/** A declaration as the declarations part keeps it (the resource adds its goods items). */
export interface DeclarationRecord {
  id: string;
  tenantId: string;
  shipmentId: string;
  status: string;
  mrn: string | null;
  lrn: string;
  arc: string | null;
  ucr: string | null;
  externalReference: string;
  direction: Direction;
  customsFlow: string;
  customsFlowStep: string;
  stepInstanceCount: number;
  stepInstanceSeq: number;
  jurisdiction: string;
  storageLocation: string | null;
  shipFrom: string | null;
  shipTo: string | null;
  /** Acceptance date (set when customs accepts). */
  declarationDate: string | null;
  creationDate: string;
  lastUpdated: string;
  errors: DeclarationError[];
  /** singleAdministrativeDocument without goodsShipment.governmentAgencyGoodsItems. */
  header: SingleAdministrativeDocumentInput;
  /** Number of submissions to customs so far (customs responses carry it, stale ones are ignored). */
  submission: number;
}

/** A goods item as the document holds it: its id, casReference, and the rest of its fields. */
export interface GoodsItemDocument {
  id: string;
  casReference: string;
  /** The item less governmentAgencyGoodsItemId, casReference and sequenceNumber. */
  data: JsonObject;
}

/** A goods item read back, its data checked against the contract. */
export interface StoredGoodsItem extends GoodsItemDocument {
  data: GoodsItemInput;
}

export interface NewDeclaration extends Omit<DeclarationRecord, 'lastUpdated' | 'errors' | 'submission' | 'header'> {
  header: JsonObject;
  errors?: DeclarationError[];
  submission?: number;
  lastUpdated?: string;
}

/** A declaration to insert with its goods items, in their order. */
export interface NewDeclarationWithItems {
  declaration: NewDeclaration;
  items: readonly GoodsItemDocument[];
}

export interface StatusChangeOptions {
  /** Replaces the errors (and hasErrors). */
  errors?: readonly DeclarationError[];
  mrn?: string | null;
  arc?: string | null;
  declarationDate?: string | null;
  /** Increments the submission counter (Submitted). */
  newSubmission?: boolean;
}

/** Search columns derived from the document (saveDocument keeps them in step with it). */
export interface DerivedColumns {
  ucr: string | null;
  shipFrom: string | null;
  shipTo: string | null;
}

/** Flow placement and identifiers a restarted flow starts over with. */
export interface RestartFields {
  customsFlow: string;
  customsFlowStep: string;
  jurisdiction: string;
  storageLocation: string | null;
  lrn: string;
}
