import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type * as NodeSqlite from 'node:sqlite';

/**
 * The embedded SQLite driver for this Node.js: its built-in `node:sqlite` where it has one (22.13
 * and later), better-sqlite3 on Node 20. better-sqlite3 12 (the last line that runs on Node 20)
 * aborts the process on Node 24 when a garbage-collected statement's destructor runs outside a
 * JavaScript context (`RemoveEnvironmentCleanupHook: env != nullptr`); the built-in driver has
 * no such destructor. Both are opened the same way and give Kysely the same two methods.
 */
export interface SqliteHandle extends SqliteDatabase {
  /** Runs statements without results (pragmas, schema). */
  exec(sql: string): void;
}

/** Statements kept by their text (queries with lists of parameters have one text per list length). */
const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares every query afresh; preparing took a tenth of the time spent in statements in a
 * profile of message ingestion. Statements are kept by their text and reused: safe on the one
 * connection, which Kysely lends to one query (or one transaction) at a time.
 */
function keptStatements(prepare: (sql: string) => SqliteStatement): (sql: string) => SqliteStatement {
  const statements = new Map<string, SqliteStatement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value ?? '');
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/** BLOB columns come back as Uint8Array from node:sqlite and as Buffer from better-sqlite3: Buffer on both. */
function withBuffers(row: unknown): unknown {
  if (typeof row !== 'object' || row === null) return row;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[key] =
      value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
  return out;
}

type Parameters = readonly unknown[];

/** node:sqlite binds only SQL values; anything else is a programming error better-sqlite3 refuses too. */
function sqlValues(parameters: Parameters): NodeSqlite.SQLInputValue[] {
  return parameters.map((p) => {
    if (p === null || typeof p === 'number' || typeof p === 'bigint' || typeof p === 'string' || p instanceof Uint8Array) return p;
    throw new TypeError(`SQLite cannot bind a ${typeof p}`);
  });
}

function openBuiltIn(sqlite: typeof NodeSqlite, path: string): SqliteHandle {
  const database = new sqlite.DatabaseSync(path);
  const prepare = keptStatements((sql) => {
    const statement = database.prepare(sql);
    return {
      reader: statement.columns().length > 0,
      all: (parameters: Parameters) => statement.all(...sqlValues(parameters)).map(withBuffers),
      run: (parameters: Parameters) => statement.run(...sqlValues(parameters)),
      *iterate(parameters: Parameters) {
        for (const row of statement.iterate(...sqlValues(parameters))) yield withBuffers(row);
      },
    };
  });
  return { prepare, close: () => database.close(), exec: (sql) => database.exec(sql) };
}

async function openBetterSqlite3(path: string): Promise<SqliteHandle> {
  const { default: Database } = await import('better-sqlite3');
  const database = new Database(path);
  return { prepare: keptStatements((sql) => database.prepare(sql)), close: () => database.close(), exec: (sql) => void database.exec(sql) };
}

/** The built-in module, where this Node.js has it. */
function builtInSqlite(): typeof NodeSqlite | undefined {
  return process.getBuiltinModule?.('node:sqlite');
}

/** Opens (creating) the database file at `path`; better-sqlite3 is loaded only where it is used. */
export async function openSqlite(path: string): Promise<SqliteHandle> {
  const builtIn = builtInSqlite();
  return builtIn ? openBuiltIn(builtIn, path) : openBetterSqlite3(path);
}
