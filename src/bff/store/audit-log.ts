import type { AuditEntry } from '../../contract/audit.js';
import type { Db } from './db.js';

interface AuditRow {
  id: number;
  time: string;
  sub: string;
  name: string;
  role: string;
  method: string;
  path: string;
  operation: string;
  upstream_status: number | null;
  reference_id: string | null;
  request_id: string;
}

const toEntry = (r: AuditRow): AuditEntry => ({
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

/** Append-only audit trail of proxied writes (who, role, what, when, outcome) in the BFF's SQLite file. */
export class AuditLog {
  private readonly insert;
  private readonly byPrefix;

  constructor(db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS audit_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      time TEXT NOT NULL,
      sub TEXT NOT NULL,
      name TEXT NOT NULL,
      role TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      operation TEXT NOT NULL,
      upstream_status INTEGER,
      reference_id TEXT,
      request_id TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS audit_log_path ON audit_log (path);`);
    this.insert = db.prepare<[Omit<AuditRow, 'id'>]>(
      `INSERT INTO audit_log (time, sub, name, role, method, path, operation, upstream_status, reference_id, request_id)
       VALUES (@time, @sub, @name, @role, @method, @path, @operation, @upstream_status, @reference_id, @request_id)`,
    );
    // substr comparison instead of LIKE: no wildcard characters to escape in user input.
    this.byPrefix = db.prepare<[string, string, number], AuditRow>(
      'SELECT * FROM audit_log WHERE substr(path, 1, length(?)) = ? ORDER BY id DESC LIMIT ?',
    );
  }

  record(entry: Omit<AuditEntry, 'id'>): void {
    this.insert.run({
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
    });
  }

  /** Newest first. */
  list(pathPrefix: string, limit: number): AuditEntry[] {
    return this.byPrefix.all(pathPrefix, pathPrefix, limit).map(toEntry);
  }
}
