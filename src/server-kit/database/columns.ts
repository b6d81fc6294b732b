import type { ColumnDataType, CreateTableBuilder } from 'kysely';
import type { Engine } from './engine.js';

/**
 * Column types where SQLite and PostgreSQL differ. Everything else is written once: text for
 * strings, ISO timestamps and JSON documents (stored as text on both, so a row reads back the
 * same whichever engine wrote it), integer for small numbers and 0/1 flags.
 */
export const columnTypes = (engine: Engine): Record<'bigint' | 'serial' | 'bytes' | 'double', ColumnDataType> => ({
  /** Epoch milliseconds and other values beyond 2^31 (int8 on PostgreSQL, read back as numbers). */
  bigint: engine === 'postgres' ? 'bigint' : 'integer',
  /** An ascending row id the database assigns. */
  serial: engine === 'postgres' ? 'bigserial' : 'integer',
  /** Binary data (images, PDFs). */
  bytes: engine === 'postgres' ? 'bytea' : 'blob',
  /** Floating-point numbers (scores). */
  double: engine === 'postgres' ? 'double precision' : 'real',
});

/** `.$call(serialId(engine))`: an `id` primary key the database assigns in ascending order. */
export const serialId =
  (engine: Engine, column = 'id') =>
  <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn(column, columnTypes(engine).serial, (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()));
