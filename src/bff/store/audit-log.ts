import { sql, type Kysely, type Selectable } from 'kysely';
import { auditOutcomeSchema, type AuditEntry, type AuditOutcome } from '../../contract/audit.js';
import type { AuditLogTable, BffTables } from './tables.js';

/**
 * A pending intent older than this is reported as `unknown`: no proxied write takes that long
 * (the upstream timeout is 30 s; a 10 MiB upload over a slow line a few minutes), so the BFF that
 * wrote it stopped before it could complete it.
 */
export const PENDING_UNKNOWN_AFTER_MS = 10 * 60_000;

/** Who asked for what, written before the write is forwarded (and who approved it, for a call sent on approval). */
export type AuditIntent = Pick<AuditEntry, 'time' | 'sub' | 'name' | 'role' | 'method' | 'path' | 'operation' | 'requestId' | 'approvedBy'>;

export type AuditRecord = Omit<AuditEntry, 'id' | 'outcome' | 'status'> & Partial<Pick<AuditEntry, 'outcome' | 'status'>>;

/** How an intent ended. */
export interface AuditCompletion {
  time: string;
  outcome: Exclude<AuditOutcome, 'pending' | 'unknown'>;
  upstreamStatus: number | null;
  referenceId: string | null;
  status: number | null;
}

/** Append-only audit trail of proxied writes (who, role, what, when, outcome); one log for every replica. */
export interface AuditLogRepository {
  /** A complete entry at once (a write refused before forwarding); outcome `answered` and status = upstreamStatus unless given. */
  record(entry: AuditRecord): Promise<void>;
  /** Writes the intent (`pending`) before the call is forwarded; returns its id for `complete`. */
  begin(intent: AuditIntent): Promise<number>;
  /** Completes an intent (a row already completed is left alone). */
  complete(id: number, completion: AuditCompletion): Promise<void>;
  /** Marks every pending intent written before `before` as `unknown` (a single process at start-up: nothing of its own is in flight). */
  abandonPending(before: string): Promise<number>;
  /** Entries whose path starts with `pathPrefix` ('' for all), newest first; pending intents past PENDING_UNKNOWN_AFTER_MS read as `unknown`. */
  list(pathPrefix: string, limit: number, now?: number): Promise<AuditEntry[]>;
}

const outcomeOf = (r: Selectable<AuditLogTable>, now: number): AuditOutcome => {
  const parsed = auditOutcomeSchema.safeParse(r.outcome);
  const outcome = parsed.success ? parsed.data : 'unknown';
  return outcome === 'pending' && now - Date.parse(r.time) > PENDING_UNKNOWN_AFTER_MS ? 'unknown' : outcome;
};

const toEntry = (r: Selectable<AuditLogTable>, now: number): AuditEntry => ({
  id: r.id,
  time: r.time,
  sub: r.sub,
  name: r.name,
  role: r.role,
  method: r.method,
  path: r.path,
  operation: r.operation,
  upstreamStatus: r.upstream_status,
  referenceId: r.reference_id,
  requestId: r.request_id,
  outcome: outcomeOf(r, now),
  status: r.status,
  // Only on calls sent on approval: every other entry reads as before.
  ...(r.approved_by_sub !== null && r.approved_by_name !== null
    ? { approvedBy: { sub: r.approved_by_sub, name: r.approved_by_name } }
    : {}),
});

const intentRow = (i: AuditIntent) => ({
  time: i.time,
  sub: i.sub,
  name: i.name,
  role: i.role,
  method: i.method,
  path: i.path,
  operation: i.operation,
  request_id: i.requestId,
  approved_by_sub: i.approvedBy?.sub ?? null,
  approved_by_name: i.approvedBy?.name ?? null,
});

export function auditLogRepository(db: Kysely<BffTables>): AuditLogRepository {
  return {
    async record(entry) {
      await db
        .insertInto('audit_log')
        .values({
          ...intentRow(entry),
          upstream_status: entry.upstreamStatus,
          reference_id: entry.referenceId,
          outcome: entry.outcome ?? 'answered',
          status: entry.status === undefined ? entry.upstreamStatus : entry.status,
        })
        .execute();
    },

    async begin(intent) {
      const row = await db
        .insertInto('audit_log')
        .values({ ...intentRow(intent), upstream_status: null, reference_id: null, outcome: 'pending', status: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async complete(id, c) {
      await db
        .updateTable('audit_log')
        .set({ time: c.time, outcome: c.outcome, upstream_status: c.upstreamStatus, reference_id: c.referenceId, status: c.status })
        .where('id', '=', id)
        .where('outcome', '=', 'pending')
        .execute();
    },

    async abandonPending(before) {
      const result = await db
        .updateTable('audit_log')
        .set({ outcome: 'unknown' })
        .where('outcome', '=', 'pending')
        .where('time', '<', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async list(pathPrefix, limit, now = Date.now()) {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        // substr instead of LIKE: no wildcards to escape in user input, and case-sensitive on both engines.
        .where(sql<string>`substr(path, 1, length(cast(${pathPrefix} as text)))`, '=', pathPrefix)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => toEntry(r, now));
    },
  };
}
