import type { Kysely } from 'kysely';
import { materialListSchema, type MaterialList } from '../../../contract/master-data-messages.js';
import type { MasterDataMessageTables } from './master-data-message-tables.js';

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

/**
 * The master data messages part: the material lists its messages (kept in the ingest history)
 * maintain (not the article master data of `master-data/`).
 */
export interface MasterDataMessageRepository {
  /** Creates the list, or replaces it (next revision, Active again). Returns the revision. */
  putMaterialList(l: { tenantId: string; referenceId: string; materialList: MaterialList; at: string }): Promise<number>;
  /** Invalidates an active list; false when there is none. */
  invalidateMaterialList(tenantId: string, externalReference: string, at: string): Promise<boolean>;
  materialList(tenantId: string, externalReference: string): Promise<MaterialListRecord | undefined>;
}

const parseJson = (text: string): unknown => JSON.parse(text);

export function masterDataMessageRepository(db: Kysely<MasterDataMessageTables>): MasterDataMessageRepository {
  return {
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
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'external_reference'])
            .doUpdateSet((eb) => ({ ...replacement, revision: eb('material_lists.revision', '+', 1) })),
        )
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
