/**
 * A write refused because a unique key is taken, as each engine says it: better-sqlite3's code,
 * node:sqlite's extended result code (SQLITE_CONSTRAINT_UNIQUE, 2067), PostgreSQL's SQLSTATE.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if ('code' in err && (err.code === 'SQLITE_CONSTRAINT_UNIQUE' || err.code === '23505')) return true;
  return 'errcode' in err && err.errcode === 2067;
}
