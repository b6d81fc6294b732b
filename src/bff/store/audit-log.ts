import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditEntry } from '../../contract/audit.js';
import type { AuditLogTable, BffTables } from './tables.js';

/** Append-only audit trail of proxied writes (who, role, what, when, outcome); one log for every replica. */
export interface AuditLogRepository {
  record(entry: Omit<AuditEntry, 'id'>): Promise<void>;
  /** Entries whose path starts with `pathPrefix` ('' for all), newest first. */
  list(pathPrefix: string, limit: number): Promise<AuditEntry[]>;
}

const toEntry = (r: Selectable<AuditLogTable>): AuditEntry => ({
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
});

export function auditLogRepository(db: Kysely<BffTables>): AuditLogRepository {
  return {
    async record(entry) {
      await db
        .insertInto('audit_log')
        .values({
          time: entry.time,
          sub: entry.sub,
          name: entry.name,
          role: entry.role,
          method: entry.method,
          path: entry.path,
          operation: entry.operation,
          upstream_status: entry.upstreamStatus,
          reference_id: entry.referenceId,
          request_id: entry.requestId,
        })
        .execute();
    },

    async list(pathPrefix, limit) {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        // substr instead of LIKE: no wildcards to escape in user input, and case-sensitive on both engines.
        .where(sql<string>`substr(path, 1, length(cast(${pathPrefix} as text)))`, '=', pathPrefix)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEntry);
    },
  };
}
