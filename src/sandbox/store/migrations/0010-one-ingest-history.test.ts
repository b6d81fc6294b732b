import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ingestHistoryQuerySchema } from '../../../contract/ingest-history.js';
import { connect } from '../../../server-kit/database/engine.js';
import { migrateToLatest } from '../../../server-kit/database/migrations.js';
import { testDatabaseUrl, testEngines } from '../../../server-kit/database/test-databases.js';
import { ingestHistoryRepository } from '../ingest-history/ingest-history-repository.js';
import { movementOrderRepository } from '../movement-orders/movement-order-repository.js';
import type { SandboxTables } from '../tables.js';
import { SANDBOX_MIGRATION_TABLE, sandboxMigrations } from './index.js';

const T = 't-acc-001';
const at = (minute: number): string => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const before0010 = Object.fromEntries(Object.entries(sandboxMigrations).filter(([name]) => name < '0010'));

/** Rows as the releases before migration 0010 wrote them: one per legacy message log, and one message already in the history. */
async function writeLegacyRows(db: Kysely<SandboxTables>): Promise<void> {
  const shipment = JSON.stringify({ messageType: 'New', externalReference: 'PO-OLD', direction: 'Import' });
  for (const statement of [
    sql`INSERT INTO ingestion_messages (reference_id, tenant_id, kind, message_type, external_reference, direction, body, status, error_descriptions, received_at, processed_at)
        VALUES ('ing-1', ${T}, 'CustomsShipment', 'New', 'PO-OLD', 'Import', ${shipment}, 'Failed', '["no flow"]', ${at(1)}, ${at(2)}),
               ('ing-2', ${T}, 'ArticleDataItems', NULL, NULL, NULL, '[{"itemId":"A"}]', 'Received', NULL, ${at(3)}, NULL),
               ('ing-3', ${T}, 'BusinessPartners', NULL, NULL, NULL, '[{"code":"BP"}]', 'Processed', NULL, ${at(12)}, ${at(13)})`,
    sql`INSERT INTO formula_messages (reference_id, tenant_id, item_id, format, body, status, error_descriptions, received_at, processed_at)
        VALUES ('for-1', ${T}, 'FG-1', 'xml', '{"itemId":"FG-1"}', 'Processed', NULL, ${at(4)}, ${at(5)})`,
    sql`INSERT INTO master_data_messages (reference_id, tenant_id, kind, business_reference, format, body, status, error_descriptions, received_at, processed_at)
        VALUES ('mdm-1', ${T}, 'materialListInvalidation', 'ML-1', 'json', '{"externalReference":"ML-1"}', 'Rejected', '["no active list"]', ${at(6)}, ${at(7)})`,
    sql`INSERT INTO movement_ingestions (reference_id, tenant_id, format, version, via_deprecated_path, received_at) VALUES ('mov-1', ${T}, 'json', '1.0', 1, ${at(8)})`,
    sql`INSERT INTO movement_orders (id, tenant_id, reference_id, position, external_reference, movement_type, status, body, validation_errors, created_at, updated_at)
        VALUES ('mov-1-1', ${T}, 'mov-1', 1, 'MO-1', 'PROC', 'Invalid', '{}', NULL, ${at(8)}, ${at(9)}),
               ('mov-1-2', ${T}, 'mov-1', 2, 'MO-2', 'PROC', 'Processed', '{}', NULL, ${at(8)}, ${at(10)})`,
    // Accepted since migration 0007: in both the log and the history, which lacks the body.
    sql`INSERT INTO ingest_history (id, reference_id, tenant_id, channel, message_type, message_id, file_name, format, business_reference, received_at, processed_at, outcome, outcome_detail, errors, declaration_ids, movement_order_ids)
        VALUES ('ing-3', 'ing-3', ${T}, 'ftps', 'BusinessPartners', 'M-3', 'M-3.json', 'json', NULL, ${at(12)}, ${at(13)}, 'Processed', NULL, '[]', '[]', '[]')`,
  ]) {
    await statement.execute(db);
  }
}

describe.each(testEngines())('migration 0010 (one ingest history) on %s', (engine) => {
  it('copies the four message logs into the ingest history, keeps what was there, and drops the logs', async () => {
    const connection = await connect<SandboxTables>({
      url: await testDatabaseUrl(engine),
      dataDir: mkdtempSync(join(tmpdir(), 'sandbox-0010-')),
      fileName: 'sandbox.sqlite',
      applicationName: 'test',
    });
    const { db } = connection;
    try {
      await migrateToLatest(db, { engine, migrations: before0010, historyTable: SANDBOX_MIGRATION_TABLE });
      await writeLegacyRows(db);
      await migrateToLatest(db, { engine, migrations: sandboxMigrations, historyTable: SANDBOX_MIGRATION_TABLE });

      const tables = (await db.introspection.getTables()).map((t) => t.name);
      for (const legacy of ['ingestion_messages', 'formula_messages', 'master_data_messages', 'movement_ingestions'])
        expect(tables).not.toContain(legacy);

      const history = ingestHistoryRepository(db, engine);
      const { entries } = await history.list(T, ingestHistoryQuerySchema.parse({ limit: 100 }));
      expect(entries.map((e) => [e.referenceId, e.channel, e.messageType, e.outcome])).toEqual([
        ['ing-3', 'ftps', 'BusinessPartners', 'Processed'],
        ['mov-1', 'https', 'MovementOrder', 'Unsuccessful'],
        ['mdm-1', 'https', 'MaterialListInvalidationRequest', 'Unsuccessful'],
        ['for-1', 'https', 'Formula', 'Processed'],
        ['ing-2', 'https', 'ArticleDataItem', 'Accepted'],
        ['ing-1', 'https', 'CustomsShipment', 'Unsuccessful'],
      ]);
      expect(await history.message('ing-1')).toMatchObject({
        businessReference: 'PO-OLD',
        errors: ['no flow'],
        receivedAt: at(1),
        processedAt: at(2),
        body: { externalReference: 'PO-OLD' },
      });
      expect(await history.message('ing-2')).toMatchObject({ outcome: 'Accepted', processedAt: null, body: [{ itemId: 'A' }] });
      expect(await history.message('ing-3')).toMatchObject({ body: [{ code: 'BP' }] });
      expect(await history.message('for-1')).toMatchObject({ format: 'xml', businessReference: 'FG-1', body: { itemId: 'FG-1' } });
      expect(await history.message('mdm-1')).toMatchObject({ businessReference: 'ML-1', errors: ['no active list'] });
      expect(await history.get('mov-1')).toMatchObject({
        movementOrderIds: ['mov-1-1', 'mov-1-2'],
        outcomeDetail: 'Invalid',
        errors: ['MO-1: Invalid'],
        processedAt: at(10),
        businessReference: 'MO-1, MO-2',
      });
      expect((await history.message('mov-1'))?.body).toEqual({ version: '1.0', viaDeprecatedPath: true });

      // Orders no longer need a movement_ingestions row.
      const orders = movementOrderRepository(db);
      expect((await orders.head('mov-1-2'))?.status).toBe('Processed');
      await orders.insertOrders({
        referenceId: 'mov-2',
        tenantId: T,
        movements: [{ timestamp: at(11), externalReference: 'MO-3', movementType: 'PROC', movementLines: [] }],
        at: at(11),
      });
      expect(await orders.orderIds(T)).toEqual(['mov-1-1', 'mov-1-2', 'mov-2-1']);
    } finally {
      await db.destroy();
    }
  });
});
