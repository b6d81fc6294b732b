import type { Kysely } from 'kysely';
import { formulaSchema, type Formula } from '../../../contract/formulas.js';
import { atomically } from '../atomically.js';
import type { FormulaTables } from './formula-tables.js';

/** One version of a formula: the message's fields plus the number and ingestion it came from. */
export type FormulaVersion = Formula & { versionNumber: number; referenceId: string; createdAt: string };

export interface FormulaRecord {
  tenantId: string;
  itemId: string;
  createdAt: string;
  versions: FormulaVersion[];
}

/** The versioned formulas that formula messages (kept in the ingest history) create. */
export interface FormulaRepository {
  /** Adds the next version of the formula of (tenant, formula.itemId), creating the formula with the first. Returns the version number. */
  addVersion(tenantId: string, referenceId: string, formula: Formula, at: string): Promise<number>;
  formula(tenantId: string, itemId: string): Promise<FormulaRecord | undefined>;
}

const parseJson = (text: string): unknown => JSON.parse(text);

export function formulaRepository(db: Kysely<FormulaTables>): FormulaRepository {
  return {
    addVersion(tenantId: string, referenceId: string, formula: Formula, at: string): Promise<number> {
      return atomically(db, async (db) => {
        const key = { tenant_id: tenantId, item_id: formula.itemId };
        // The no-op update on conflict locks the formula's row on PostgreSQL, so two processes
        // adding versions of one formula number them one after the other (SQLite has one writer).
        await db
          .insertInto('formulas')
          .values({ ...key, created_at: at })
          .onConflict((oc) => oc.columns(['tenant_id', 'item_id']).doUpdateSet((eb) => ({ created_at: eb.ref('formulas.created_at') })))
          .execute();
        const last = await db
          .selectFrom('formula_versions')
          .select('version_number')
          .where('tenant_id', '=', tenantId)
          .where('item_id', '=', formula.itemId)
          .orderBy('version_number', 'desc')
          .limit(1)
          .executeTakeFirst();
        const versionNumber = (last?.version_number ?? 0) + 1;
        await db
          .insertInto('formula_versions')
          .values({ ...key, version_number: versionNumber, reference_id: referenceId, body: JSON.stringify(formula), created_at: at })
          .execute();
        return versionNumber;
      });
    },

    async formula(tenantId: string, itemId: string): Promise<FormulaRecord | undefined> {
      const f = await db
        .selectFrom('formulas')
        .select('created_at')
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      if (!f) return undefined;
      const rows = await db
        .selectFrom('formula_versions')
        .select(['version_number', 'reference_id', 'body', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .orderBy('version_number')
        .execute();
      const versions = rows.map((r): FormulaVersion => ({
        ...formulaSchema.parse(parseJson(r.body)),
        versionNumber: r.version_number,
        referenceId: r.reference_id,
        createdAt: r.created_at,
      }));
      return { tenantId, itemId, createdAt: f.created_at, versions };
    },
  };
}
