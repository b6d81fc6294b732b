import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, DatabaseUnavailableError } from '../../server-kit/database/engine.js';
import { openSqlite } from '../../server-kit/database/sqlite-driver.js';
import { migrateToLatest, SchemaTooNewError } from '../../server-kit/database/migrations.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import { BffStore } from './bff-store.js';
import { BFF_MIGRATION_TABLE, bffMigrations } from './migrations/index.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const auditEntry = {
  time: '2025-03-04T05:06:07.000Z',
  sub: 's',
  name: 'N',
  role: 'clerk',
  method: 'POST',
  operation: 'op',
  upstreamStatus: 202,
  referenceId: null,
  requestId: 'r',
};

/** The tables as the BFF created them before it had migrations (release 0.1). */
const LEGACY_SCHEMA = `
  CREATE TABLE bff_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE audit_log (id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, sub TEXT NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL,
    method TEXT NOT NULL, path TEXT NOT NULL, operation TEXT NOT NULL, upstream_status INTEGER, reference_id TEXT, request_id TEXT NOT NULL);
  CREATE INDEX audit_log_path ON audit_log (path);
  CREATE TABLE event_inbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, event_type TEXT NOT NULL, event_sub_type TEXT,
    declaration_id TEXT, event_time TEXT NOT NULL, event_ms INTEGER NOT NULL, received_at TEXT NOT NULL, envelope TEXT NOT NULL);
  CREATE INDEX event_inbox_declaration ON event_inbox (declaration_id, event_ms);
  CREATE TABLE live_subscriptions (id TEXT PRIMARY KEY, event_type TEXT NOT NULL, destination_url TEXT NOT NULL, secret_fingerprint TEXT NOT NULL, created_at TEXT NOT NULL);
  INSERT INTO audit_log (time, sub, name, role, method, path, operation, upstream_status, reference_id, request_id)
    VALUES ('2025-01-01T00:00:00.000Z', 'old', 'Old Entry', 'supervisor', 'POST', '/v1/declarations/D-1/submit', 'op', 202, 'ref', 'req-old');
  INSERT INTO live_subscriptions VALUES ('s-old', 'DeclarationStatusChanged', 'http://localhost:8080/webhooks/customs', 'fp', '2025-01-01T00:00:00.000Z');
`;

describe.each(testEngines())('BFF store on %s', (engine) => {
  it('migrates once: a second start on the same database keeps what the first wrote', async () => {
    const first = await openTestStore(engine);
    await first.store.repos.auditLog.record({ ...auditEntry, path: '/v1/x' });
    await first.store.close();
    const again = await first.reopen();
    opened.push(again);
    expect((await again.repos.auditLog.list('', 10)).map((e) => e.path)).toEqual(['/v1/x']);
    expect(await again.reachable()).toBe(true);
  });

  it('commits a transaction’s writes together or not at all', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    await expect(
      store.transaction(async (tx) => {
        await tx.auditLog.record({ ...auditEntry, path: '/v1/rolled-back' });
        await tx.liveSubscriptions.add({ id: 's-1', eventType: 'X', destinationUrl: 'u', secretFingerprint: 'f', createdAt: 'now' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.repos.auditLog.list('', 10)).toEqual([]);
    expect(await store.repos.liveSubscriptions.list()).toEqual([]);
    await store.transaction(async (tx) => {
      await tx.eventInbox.receive({
        id: 'e1',
        tenantId: 't',
        eventTime: '2025-03-04T05:06:07Z',
        eventType: 'X',
        eventSubType: '',
        data: {},
      });
      await tx.auditLog.record({ ...auditEntry, path: '/v1/kept' });
    });
    expect((await store.repos.eventInbox.oldestAfter(0, 10)).map((e) => e.id)).toEqual(['e1']);
    expect((await store.repos.auditLog.list('', 10)).map((e) => e.path)).toEqual(['/v1/kept']);
  });

  it('refuses to start on a database a newer release migrated', async () => {
    const { store, databaseUrl, dataDir, reopen } = await openTestStore(engine);
    await store.close();
    const newer = await connect({ url: databaseUrl, dataDir, fileName: 'bff.sqlite', applicationName: 'newer-bff' });
    await migrateToLatest(newer.db, {
      engine,
      migrations: { ...bffMigrations, '9999-from-the-future': { up: async () => undefined } },
      historyTable: BFF_MIGRATION_TABLE,
    });
    await newer.db.destroy();
    await expect(reopen()).rejects.toThrow(SchemaTooNewError);
    await expect(reopen()).rejects.toThrow(/9999-from-the-future/);
  });
});

describe('BFF store on SQLite', () => {
  it('adopts a bff.sqlite from before migrations, keeping its audit log and subscriptions', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bff-legacy-'));
    const legacy = await openSqlite(join(dataDir, 'bff.sqlite'));
    legacy.exec(LEGACY_SCHEMA);
    legacy.close();
    const store = await BffStore.open({ databaseUrl: undefined, dataDir });
    opened.push(store);
    expect(await store.repos.auditLog.list('/v1/declarations/D-1', 10)).toMatchObject([
      { sub: 'old', name: 'Old Entry', requestId: 'req-old', upstreamStatus: 202 },
    ]);
    expect((await store.repos.liveSubscriptions.list()).map((s) => s.id)).toEqual(['s-old']);
    await store.repos.auditLog.record({ ...auditEntry, path: '/v1/declarations/D-1/validate' });
    expect((await store.repos.auditLog.list('/v1/declarations/D-1', 10)).map((e) => e.requestId)).toEqual(['r', 'req-old']);
  });

  it('creates bff.sqlite readable by its owner only', async () => {
    const { store, dataDir } = await openTestStore('sqlite');
    opened.push(store);
    expect(statSync(join(dataDir, 'bff.sqlite')).mode & 0o777).toBe(0o600);
  });
});

describe('BFF store configuration', () => {
  it('stops with one clear line when PostgreSQL cannot be reached', async () => {
    const attempt = BffStore.open({ databaseUrl: 'postgres://bff:secret@127.0.0.1:1/console', dataDir: tmpdir() });
    await expect(attempt).rejects.toThrow(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(/^cannot reach PostgreSQL at postgres:\/\/127\.0\.0\.1:1\/console: [^\n]*$/);
  });
});
