import type { Kysely } from 'kysely';
import { z } from 'zod';
import { materialListSchema, type MasterDataMessageKind, type MaterialList } from '../../../contract/master-data-messages.js';
import type { MasterDataMessageTables } from './master-data-message-tables.js';

export type MasterDataMessageStatus = 'Accepted' | 'Processed' | 'Rejected';

/** A message as the sandbox's ingestion history shows it (sandbox-only read). */
export interface MasterDataMessageRecord {
  referenceId: string;
  tenantId: string;
  kind: MasterDataMessageKind;
  businessReference: string;
  format: 'json' | 'xml';
  status: MasterDataMessageStatus;
  errorDescriptions: string[];
  receivedAt: string;
  processedAt: string | null;
  /** The message as accepted; its kind's contract schema reads it. */
  body: unknown;
}

export interface MaterialListRecord {
  tenantId: string;
  externalReference: string;
  itemId: string;
  status: 'Active' | 'Invalidated';
  revision: number;
  referenceId: string;
  updatedAt: string;
  materialList: MaterialList;
}

export interface NewMasterDataMessage {
  referenceId: string;
  tenantId: string;
  kind: MasterDataMessageKind;
  businessReference: string;
  format: 'json' | 'xml';
  body: unknown;
  receivedAt: string;
}

/**
 * The master data messages part: the ingestion history of its four message kinds and the
 * material lists they maintain (not the article master data of `master-data/`).
 */
export interface MasterDataMessageRepository {
  /** Stores an accepted message (status Accepted). */
  insertMessage(m: NewMasterDataMessage): Promise<void>;
  finishMessage(referenceId: string, status: 'Processed' | 'Rejected', errorDescriptions: readonly string[], at: string): Promise<void>;
  message(referenceId: string): Promise<MasterDataMessageRecord | undefined>;
  /** Creates the list, or replaces it (next revision, Active again). Returns the revision. */
  putMaterialList(l: { tenantId: string; referenceId: string; materialList: MaterialList; at: string }): Promise<number>;
  /** Invalidates an active list; false when there is none. */
  invalidateMaterialList(tenantId: string, externalReference: string, at: string): Promise<boolean>;
  materialList(tenantId: string, externalReference: string): Promise<MaterialListRecord | undefined>;
}

const descriptions = z.array(z.string());
const parseJson = (text: string): unknown => JSON.parse(text);

export function masterDataMessageRepository(db: Kysely<MasterDataMessageTables>): MasterDataMessageRepository {
  return {
    async insertMessage(m: NewMasterDataMessage): Promise<void> {
      await db
        .insertInto('master_data_messages')
        .values({
          reference_id: m.referenceId,
          tenant_id: m.tenantId,
          kind: m.kind,
          business_reference: m.businessReference,
          format: m.format,
          body: JSON.stringify(m.body),
          status: 'Accepted',
          error_descriptions: null,
          received_at: m.receivedAt,
          processed_at: null,
        })
        .execute();
    },

    async finishMessage(referenceId: string, status: 'Processed' | 'Rejected', errorDescriptions: readonly string[], at: string): Promise<void> {
      await db
        .updateTable('master_data_messages')
        .set({ status, error_descriptions: errorDescriptions.length ? JSON.stringify(errorDescriptions) : null, processed_at: at })
        .where('reference_id', '=', referenceId)
        .execute();
    },

    async message(referenceId: string): Promise<MasterDataMessageRecord | undefined> {
      const r = await db.selectFrom('master_data_messages').selectAll().where('reference_id', '=', referenceId).executeTakeFirst();
      return (
        r && {
          referenceId: r.reference_id,
          tenantId: r.tenant_id,
          kind: r.kind,
          businessReference: r.business_reference,
          format: r.format,
          status: r.status,
          errorDescriptions: r.error_descriptions ? descriptions.parse(parseJson(r.error_descriptions)) : [],
          receivedAt: r.received_at,
          processedAt: r.processed_at,
          body: parseJson(r.body),
        }
      );
    },

    async putMaterialList(l: { tenantId: string; referenceId: string; materialList: MaterialList; at: string }): Promise<number> {
      const { externalReference, itemId } = l.materialList;
      const replacement = {
        item_id: itemId,
        status: 'Active',
        reference_id: l.referenceId,
        body: JSON.stringify(l.materialList),
        updated_at: l.at,
      } satisfies Partial<MasterDataMessageTables['material_lists']>;
      const row = await db
        .insertInto('material_lists')
        .values({ tenant_id: l.tenantId, external_reference: externalReference, revision: 1, ...replacement })
        .onConflict((oc) => oc.columns(['tenant_id', 'external_reference']).doUpdateSet((eb) => ({ ...replacement, revision: eb('material_lists.revision', '+', 1) })))
        .returning('revision')
        .executeTakeFirstOrThrow();
      return row.revision;
    },

    async invalidateMaterialList(tenantId: string, externalReference: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('material_lists')
        .set({ status: 'Invalidated', updated_at: at })
        .where('tenant_id', '=', tenantId)
        .where('external_reference', '=', externalReference)
        .where('status', '=', 'Active')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async materialList(tenantId: string, externalReference: string): Promise<MaterialListRecord | undefined> {
      const r = await db
        .selectFrom('material_lists')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('external_reference', '=', externalReference)
        .executeTakeFirst();
      return (
        r && {
          tenantId: r.tenant_id,
          externalReference: r.external_reference,
          itemId: r.item_id,
          status: r.status,
          revision: r.revision,
          referenceId: r.reference_id,
          updatedAt: r.updated_at,
          materialList: materialListSchema.parse(parseJson(r.body)),
        }
      );
    },
  };
}
