import type { Kysely } from 'kysely';
import { z } from 'zod';
import { formulaMessageSchema, formulaSchema, type Formula, type FormulaMessage } from '../../../contract/formulas.js';
import { atomically } from '../atomically.js';
import type { FormulaTables } from './formula-tables.js';

export type FormulaMessageStatus = 'Accepted' | 'Processed' | 'Rejected';

/** A formula message as the sandbox's ingestion history shows it (sandbox-only read). */
export interface FormulaMessageRecord {
  referenceId: string;
  tenantId: string;
  itemId: string;
  format: 'json' | 'xml';
  status: FormulaMessageStatus;
  errorDescriptions: string[];
  receivedAt: string;
  processedAt: string | null;
}

/** A message waiting for validation: its structure is checked, its rules are not. */
export interface PendingFormulaMessage {
  tenantId: string;
  itemId: string;
  message: FormulaMessage;
}

/** One version of a formula: the message's fields plus the number and ingestion it came from. */
export type FormulaVersion = Formula & { versionNumber: number; referenceId: string; createdAt: string };

export interface FormulaRecord {
  tenantId: string;
  itemId: string;
  createdAt: string;
  versions: FormulaVersion[];
}

export interface NewFormulaMessage {
  referenceId: string;
  tenantId: string;
  itemId: string;
  format: 'json' | 'xml';
  message: FormulaMessage;
  receivedAt: string;
}

/** Formula messages (the ingestion history) and the versioned formulas they create. */
export interface FormulaRepository {
  /** Stores an accepted message (status Accepted). */
  insertMessage(m: NewFormulaMessage): Promise<void>;
  /** The message when it is still waiting for validation; undefined once it has an outcome. */
  pendingMessage(referenceId: string): Promise<PendingFormulaMessage | undefined>;
  finishMessage(referenceId: string, status: 'Processed' | 'Rejected', errorDescriptions: readonly string[], at: string): Promise<void>;
  message(referenceId: string): Promise<FormulaMessageRecord | undefined>;
  /** Adds the next version of the formula of (tenant, formula.itemId), creating the formula with the first. Returns the version number. */
  addVersion(tenantId: string, referenceId: string, formula: Formula, at: string): Promise<number>;
  formula(tenantId: string, itemId: string): Promise<FormulaRecord | undefined>;
}

const descriptions = z.array(z.string());
const parseJson = (text: string): unknown => JSON.parse(text);

export function formulaRepository(db: Kysely<FormulaTables>): FormulaRepository {
  return {
    async insertMessage(m: NewFormulaMessage): Promise<void> {
      await db
        .insertInto('formula_messages')
        .values({
          reference_id: m.referenceId,
          tenant_id: m.tenantId,
          item_id: m.itemId,
          format: m.format,
          body: JSON.stringify(m.message),
          status: 'Accepted',
          error_descriptions: null,
          received_at: m.receivedAt,
          processed_at: null,
        })
        .execute();
    },

    async pendingMessage(referenceId: string): Promise<PendingFormulaMessage | undefined> {
      const row = await db
        .selectFrom('formula_messages')
        .select(['tenant_id', 'item_id', 'body'])
        .where('reference_id', '=', referenceId)
        .where('status', '=', 'Accepted')
        .executeTakeFirst();
      return row && { tenantId: row.tenant_id, itemId: row.item_id, message: formulaMessageSchema.parse(parseJson(row.body)) };
    },

    async finishMessage(referenceId: string, status: 'Processed' | 'Rejected', errorDescriptions: readonly string[], at: string): Promise<void> {
      await db
        .updateTable('formula_messages')
        .set({ status, error_descriptions: errorDescriptions.length ? JSON.stringify(errorDescriptions) : null, processed_at: at })
        .where('reference_id', '=', referenceId)
        .execute();
    },

    async message(referenceId: string): Promise<FormulaMessageRecord | undefined> {
      const r = await db.selectFrom('formula_messages').selectAll().where('reference_id', '=', referenceId).executeTakeFirst();
      return (
        r && {
          referenceId: r.reference_id,
          tenantId: r.tenant_id,
          itemId: r.item_id,
          format: r.format,
          status: r.status,
          errorDescriptions: r.error_descriptions ? descriptions.parse(parseJson(r.error_descriptions)) : [],
          receivedAt: r.received_at,
          processedAt: r.processed_at,
        }
      );
    },

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
      const f = await db.selectFrom('formulas').select('created_at').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).executeTakeFirst();
      if (!f) return undefined;
      const rows = await db
        .selectFrom('formula_versions')
        .select(['version_number', 'reference_id', 'body', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .orderBy('version_number')
        .execute();
      const versions = rows.map(
        (r): FormulaVersion => ({ ...formulaSchema.parse(parseJson(r.body)), versionNumber: r.version_number, referenceId: r.reference_id, createdAt: r.created_at }),
      );
      return { tenantId, itemId, createdAt: f.created_at, versions };
    },
  };
}
