import { sql, type Kysely, type Selectable } from 'kysely';
import type { DeclarationError } from '../../contract/declarations.js';
import { errorCodeKind, isReviewStatus, type ErrorGroup, type ErrorGroupDeclaration, type RebuildJob } from '../../contract/review.js';
import type { Engine } from '../../server-kit/database/engine.js';
import type { BffTables, ErrorIndexRebuildsTable } from './tables.js';

/** A declaration as read with include=errors: what the index keeps of it. */
export interface IndexedDeclaration {
  declarationId: string;
  lrn: string;
  currentStatus: string;
  customsFlow: string;
  /** The declaration's own lastUpdated: orders reads of the same declaration. */
  lastUpdated: string;
  errors: readonly DeclarationError[];
}

export interface RebuildProgress {
  pages: number;
  found: number;
  indexed: number;
}

/**
 * The errors of every declaration in Invalid or CustomsError, one row per (declaration, error
 * code, field path, flow), for the review desk: the service's search neither filters by error
 * code nor returns errors. Written from events and by rebuilds; reads of one declaration may
 * finish out of order, so a read older than the one stored is ignored.
 */
export interface ErrorIndexRepository {
  /**
   * Keeps what was read: its errors when it is in Invalid or CustomsError, none otherwise.
   * false when a newer read of the declaration is already stored (nothing changed).
   */
  put(declaration: IndexedDeclaration, at?: Date): Promise<boolean>;
  /** Forgets a declaration (the service no longer has it). */
  remove(declarationId: string): Promise<void>;
  /** Drops the rows of declarations not indexed since `since` (a rebuild did not find them). Returns how many declarations. */
  removeNotIndexedSince(since: string): Promise<number>;
  /** Every code with its message, fields, flows and number of declarations, most declarations first. */
  groups(): Promise<ErrorGroup[]>;
  /** Declarations with at least one indexed error. */
  declarationCount(): Promise<number>;
  /** The declarations that have this code, by LRN. */
  declarationsWith(errorCode: string): Promise<ErrorGroupDeclaration[]>;

  /**
   * A new running rebuild, or undefined when one is running already. With `onlyIfIncomplete`, also
   * undefined when the index is complete (see isComplete): replicas asking at once start one.
   */
  startRebuild(startedBy: string, at?: Date, options?: { onlyIfIncomplete?: boolean }): Promise<RebuildJob | undefined>;
  /**
   * Whether the index holds every declaration: a rebuild finished that started after the console
   * last missed the service's events (never, on a fresh install).
   */
  isComplete(): Promise<boolean>;
  /** The console missed events at `at` (its subscriptions had gone): the index is incomplete until the next rebuild. */
  markEventsMissed(at?: Date): Promise<void>;
  progressRebuild(id: number, progress: RebuildProgress): Promise<void>;
  finishRebuild(id: number, outcome: { error: string | null }, at?: Date): Promise<void>;
  latestRebuild(): Promise<RebuildJob | null>;
  /** Marks running rebuilds older than `before` as failed (their replica stopped). */
  abandonRebuildsBefore(before: string): Promise<void>;
}

/** bff_meta key: when the console last missed events (ISO time); absent when it never did. */
const EVENTS_MISSED_AT = 'errorIndex.eventsMissedAt';

/** Transaction advisory locks per declaration, in a key space of the review desk's own. */
const DECLARATION_LOCK_SPACE = 0x0b18;

const toJob = (r: Selectable<ErrorIndexRebuildsTable>): RebuildJob => ({
  id: r.id,
  status: r.status === 'running' || r.status === 'done' ? r.status : 'failed',
  startedAt: r.started_at,
  startedBy: r.started_by,
  finishedAt: r.finished_at,
  pages: r.pages,
  found: r.found,
  indexed: r.indexed,
  error: r.error,
});

const sortedDistinct = (values: Iterable<string>): string[] => [...new Set(values)].filter(Boolean).sort();

export function errorIndexRepository(db: Kysely<BffTables>, engine: Engine): ErrorIndexRepository {
  const write = async (tx: Kysely<BffTables>, d: IndexedDeclaration, at: string): Promise<boolean> => {
    if (engine === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(DECLARATION_LOCK_SPACE)}, hashtext(${d.declarationId}))`.execute(tx);
    const stored = await tx
      .selectFrom('error_index_declarations')
      .select('last_updated')
      .where('declaration_id', '=', d.declarationId)
      .executeTakeFirst();
    if (stored && Date.parse(stored.last_updated) > Date.parse(d.lastUpdated)) return false;
    await tx.deleteFrom('error_index').where('declaration_id', '=', d.declarationId).execute();
    const rows = isReviewStatus(d.currentStatus)
      ? d.errors.flatMap((e) =>
          (e.fieldReference.length ? e.fieldReference : [{ fieldName: '', path: '' }]).map((ref) => ({
            declaration_id: d.declarationId,
            error_code: e.errorCode,
            field_path: ref.path,
            customs_flow: d.customsFlow,
            field_name: ref.fieldName,
            message: e.message,
          })),
        )
      : [];
    if (rows.length)
      await tx
        .insertInto('error_index')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    const values = {
      lrn: d.lrn,
      current_status: d.currentStatus,
      customs_flow: d.customsFlow,
      last_updated: d.lastUpdated,
      indexed_at: at,
    };
    await tx
      .insertInto('error_index_declarations')
      .values({ declaration_id: d.declarationId, ...values })
      .onConflict((oc) => oc.column('declaration_id').doUpdateSet(values))
      .execute();
    return true;
  };

  const isComplete = async (tx: Kysely<BffTables>): Promise<boolean> => {
    const missedAt = (await tx.selectFrom('bff_meta').select('value').where('key', '=', EVENTS_MISSED_AT).executeTakeFirst())?.value ?? '';
    const done = await tx
      .selectFrom('error_index_rebuilds')
      .select('id')
      .where('status', '=', 'done')
      .where('started_at', '>=', missedAt)
      .limit(1)
      .executeTakeFirst();
    return done !== undefined;
  };

  return {
    async put(d, at = new Date()) {
      const iso = at.toISOString();
      return db.isTransaction ? write(db, d, iso) : db.transaction().execute((tx) => write(tx, d, iso));
    },

    async remove(declarationId) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('error_index').where('declaration_id', '=', declarationId).execute();
        await tx.deleteFrom('error_index_declarations').where('declaration_id', '=', declarationId).execute();
      });
    },

    async removeNotIndexedSince(since) {
      return db.transaction().execute(async (tx) => {
        const stale = await tx.selectFrom('error_index_declarations').select('declaration_id').where('indexed_at', '<', since).execute();
        const ids = stale.map((r) => r.declaration_id);
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          await tx.deleteFrom('error_index').where('declaration_id', 'in', chunk).execute();
          await tx.deleteFrom('error_index_declarations').where('declaration_id', 'in', chunk).execute();
        }
        return ids.length;
      });
    },

    async groups() {
      const counts = await db
        .selectFrom('error_index')
        .select((eb) => [
          'error_code',
          eb.fn.min('message').as('message'),
          eb.fn.count<number | string>('declaration_id').distinct().as('declarations'),
        ])
        .groupBy('error_code')
        .execute();
      const details = await db.selectFrom('error_index').select(['error_code', 'field_path', 'customs_flow']).distinct().execute();
      const fields = new Map<string, string[]>();
      const flows = new Map<string, string[]>();
      for (const r of details) {
        fields.set(r.error_code, [...(fields.get(r.error_code) ?? []), r.field_path]);
        flows.set(r.error_code, [...(flows.get(r.error_code) ?? []), r.customs_flow]);
      }
      return counts
        .map((r) => ({
          errorCode: r.error_code,
          kind: errorCodeKind(r.error_code),
          message: r.message ?? '',
          fields: sortedDistinct(fields.get(r.error_code) ?? []),
          flows: sortedDistinct(flows.get(r.error_code) ?? []),
          declarations: Number(r.declarations),
        }))
        .sort((a, b) => b.declarations - a.declarations || a.errorCode.localeCompare(b.errorCode));
    },

    async declarationCount() {
      const row = await db
        .selectFrom('error_index')
        .select((eb) => eb.fn.count<number | string>('declaration_id').distinct().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async declarationsWith(errorCode) {
      const rows = await db
        .selectFrom('error_index as e')
        .innerJoin('error_index_declarations as d', 'd.declaration_id', 'e.declaration_id')
        .select(['e.declaration_id', 'd.lrn', 'd.current_status', 'd.customs_flow', 'e.field_name', 'e.field_path'])
        .where('e.error_code', '=', errorCode)
        .orderBy('d.lrn')
        .orderBy('e.declaration_id')
        .orderBy('e.field_path')
        .execute();
      const out = new Map<string, ErrorGroupDeclaration>();
      for (const r of rows) {
        const entry = out.get(r.declaration_id) ?? {
          declarationId: r.declaration_id,
          lrn: r.lrn,
          currentStatus: r.current_status,
          customsFlow: r.customs_flow,
          fieldReference: [],
        };
        if (r.field_path) entry.fieldReference.push({ fieldName: r.field_name, path: r.field_path });
        out.set(r.declaration_id, entry);
      }
      return [...out.values()];
    },

    async startRebuild(startedBy, at = new Date(), options = {}) {
      return db.transaction().execute(async (tx) => {
        if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${sql.lit(DECLARATION_LOCK_SPACE)}, 0)`.execute(tx);
        const running = await tx.selectFrom('error_index_rebuilds').select('id').where('status', '=', 'running').executeTakeFirst();
        if (running) return undefined;
        if (options.onlyIfIncomplete && (await isComplete(tx))) return undefined;
        const row = await tx
          .insertInto('error_index_rebuilds')
          .values({
            status: 'running',
            started_at: at.toISOString(),
            started_by: startedBy,
            finished_at: null,
            pages: 0,
            found: 0,
            indexed: 0,
            error: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toJob(row);
      });
    },

    async progressRebuild(id, p) {
      await db
        .updateTable('error_index_rebuilds')
        .set({ pages: p.pages, found: p.found, indexed: p.indexed })
        .where('id', '=', id)
        .execute();
    },

    async finishRebuild(id, { error }, at = new Date()) {
      await db
        .updateTable('error_index_rebuilds')
        .set({ status: error === null ? 'done' : 'failed', error, finished_at: at.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    isComplete: () => isComplete(db),

    async markEventsMissed(at = new Date()) {
      const value = at.toISOString();
      await db
        .insertInto('bff_meta')
        .values({ key: EVENTS_MISSED_AT, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },

    async latestRebuild() {
      const row = await db.selectFrom('error_index_rebuilds').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row ? toJob(row) : null;
    },

    async abandonRebuildsBefore(before) {
      await db
        .updateTable('error_index_rebuilds')
        .set({ status: 'failed', error: 'The replica running it stopped.', finished_at: new Date().toISOString() })
        .where('status', '=', 'running')
        .where('started_at', '<', before)
        .execute();
    },
  };
}
