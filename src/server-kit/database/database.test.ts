import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Generated, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { serialId } from './columns.js';
import { connect, databaseUrlSchema, DatabaseUnavailableError, type Engine } from './engine.js';
import { migrateToLatest, SchemaTooNewError, type VersionedMigration } from './migrations.js';
import { emptyAllTables, Store } from './store.js';
import { testDatabaseUrl, testEngines } from './test-databases.js';

interface Tables {
  notes: { id: Generated<number>; body: string };
}

const createNotes: VersionedMigration = {
  up: async (db, engine) => {
    await db.schema
      .createTable('notes')
      .$call(serialId(engine))
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
  },
};

const notesRepo = (db: Kysely<Tables>) => ({
  add: async (body: string) => (await db.insertInto('notes').values({ body }).returning('id').executeTakeFirstOrThrow()).id,
  all: () => db.selectFrom('notes').select(['id', 'body']).orderBy('id').execute(),
});

async function open(engine: Engine, dataDir = mkdtempSync(join(tmpdir(), 'kit-')), url?: string) {
  return connect<Tables>({ url: url ?? (await testDatabaseUrl(engine)), dataDir, fileName: 'test.sqlite', applicationName: 'kit-test' });
}

describe.each(testEngines())('database kit on %s', (engine) => {
  it('applies migrations once, commits and rolls back transactions, empties tables', async () => {
    const connection = await open(engine);
    const migrations = { '0001-notes': createNotes };
    await migrateToLatest(connection.db, { engine, migrations, historyTable: 'kit_migration' });
    await migrateToLatest(connection.db, { engine, migrations, historyTable: 'kit_migration' });
    const store = new Store(connection, (db) => notesRepo(db));

    await store.transaction(async (tx) => tx.add('kept'));
    await expect(
      store.transaction(async (tx) => {
        await tx.add('rolled back');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await store.repos.all()).map((n) => n.body)).toEqual(['kept']);
    expect(typeof (await store.repos.all())[0]?.id).toBe('number');

    await emptyAllTables(connection.db, engine, (t) => t.startsWith('kit_migration'));
    expect(await store.repos.all()).toEqual([]);
    expect(await store.reachable()).toBe(true);
    await store.close();
  });

  it('refuses a database migrated by newer code, naming the migration', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kit-'));
    const url = await testDatabaseUrl(engine);
    const newer = await open(engine, dataDir, url);
    await migrateToLatest(newer.db, {
      engine,
      migrations: { '0001-notes': createNotes, '0002-more': { up: async () => undefined } },
      historyTable: 'kit_migration',
    });
    await newer.db.destroy();

    const older = await open(engine, dataDir, url);
    await expect(
      migrateToLatest(older.db, { engine, migrations: { '0001-notes': createNotes }, historyTable: 'kit_migration' }),
    ).rejects.toThrow(SchemaTooNewError);
    await older.db.destroy();
  });
});

describe('database kit configuration', () => {
  it('creates the SQLite file readable by its owner only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kit-'));
    const connection = await open('sqlite', dataDir);
    expect(statSync(join(dataDir, 'test.sqlite')).mode & 0o777).toBe(0o600);
    await connection.db.destroy();
  });

  it('accepts postgres URLs and unset, refuses anything else', () => {
    expect(databaseUrlSchema.parse(undefined)).toBeUndefined();
    expect(databaseUrlSchema.parse('  ')).toBeUndefined();
    expect(databaseUrlSchema.parse('postgres://u:p@db:5432/console')).toBe('postgres://u:p@db:5432/console');
    expect(databaseUrlSchema.safeParse('mysql://db/console').success).toBe(false);
    expect(databaseUrlSchema.safeParse('sqlite.db').success).toBe(false);
  });

  it('stops with one clear line when PostgreSQL cannot be reached, without the password', async () => {
    const attempt = connect({ url: 'postgres://u:secret@127.0.0.1:1/none', dataDir: tmpdir(), fileName: 'x', applicationName: 'kit-test' });
    await expect(attempt).rejects.toThrow(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(/^cannot reach PostgreSQL at postgres:\/\/127\.0\.0\.1:1\/none: /);
    await expect(attempt).rejects.not.toThrow(/secret/);
  });
});
