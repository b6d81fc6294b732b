import { columnTypes, serialId } from '../../../server-kit/database/columns.js';
import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * Declarations and everything around them: customs shipments, declarations and their goods
 * items, the LRN counter, the ingestion history, articles and business partners, customs
 * documents and the documents seeded declarations owe. Columns as the part's first SQLite
 * schema had them, so databases created before the store keep working.
 */
export const declarationsMigration: VersionedMigration = {
  async up(db, engine) {
    const types = columnTypes(engine);

    await db.schema
      .createTable('customs_shipments')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('external_reference', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      // A shipment is identified by externalReference and direction within its tenant (docs/service-facts.md 4.2).
      .addUniqueConstraint('customs_shipments_identity', ['tenant_id', 'external_reference', 'direction'])
      .execute();

    await db.schema
      .createTable('declarations')
      .ifNotExists()
      .$call(serialId(engine, 'seq'))
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('shipment_id', 'text', (c) => c.notNull())
      .addColumn('current_status', 'text', (c) => c.notNull())
      .addColumn('mrn', 'text')
      .addColumn('lrn', 'text', (c) => c.notNull().unique())
      .addColumn('arc', 'text')
      .addColumn('ucr', 'text')
      .addColumn('external_reference', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('customs_flow', 'text', (c) => c.notNull())
      .addColumn('customs_flow_step', 'text', (c) => c.notNull())
      .addColumn('step_instance_count', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('step_instance_seq', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('jurisdiction', 'text', (c) => c.notNull())
      .addColumn('storage_location', 'text')
      .addColumn('ship_from', 'text')
      .addColumn('ship_to', 'text')
      .addColumn('declaration_date', 'text')
      .addColumn('creation_date', 'text', (c) => c.notNull())
      .addColumn('last_updated', 'text', (c) => c.notNull())
      .addColumn('has_errors', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('header', 'text', (c) => c.notNull())
      .addColumn('submission', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    // Search filters on these within a tenant and pages in (creation_date desc, id) order.
    const declarationIndexes: Record<string, string[]> = {
      declarations_by_creation: ['tenant_id', 'creation_date desc', 'id'],
      declarations_by_status: ['tenant_id', 'current_status', 'creation_date desc', 'id'],
      declarations_by_jurisdiction: ['tenant_id', 'jurisdiction', 'creation_date desc', 'id'],
      declarations_by_flow: ['tenant_id', 'customs_flow', 'customs_flow_step'],
      declarations_by_external_reference: ['tenant_id', 'external_reference'],
      declarations_by_mrn: ['tenant_id', 'mrn'],
      declarations_by_lrn: ['tenant_id', 'lrn'],
      declarations_by_arc: ['tenant_id', 'arc'],
      declarations_by_ucr: ['tenant_id', 'ucr'],
      declarations_by_location: ['tenant_id', 'storage_location', 'creation_date desc', 'id'],
      declarations_by_last_updated: ['tenant_id', 'last_updated'],
      declarations_by_declaration_date: ['tenant_id', 'declaration_date'],
      declarations_by_shipment: ['shipment_id'],
    };
    for (const [name, columns] of Object.entries(declarationIndexes)) {
      await db.schema.createIndex(name).ifNotExists().on('declarations').columns(columns).execute();
    }

    await db.schema
      .createTable('goods_items')
      .ifNotExists()
      .addColumn('declaration_id', 'text', (c) => c.notNull().references('declarations.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('cas_reference', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('goods_items_pkey', ['declaration_id', 'item_id'])
      .execute();
    await db.schema.createIndex('goods_items_in_order').ifNotExists().on('goods_items').columns(['declaration_id', 'position']).execute();

    await db.schema
      .createTable('declaration_counters')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('ingestion_messages')
      .ifNotExists()
      .addColumn('reference_id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('message_type', 'text')
      .addColumn('external_reference', 'text')
      .addColumn('direction', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Received'))
      .addColumn('error_descriptions', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .execute();
    await db.schema
      .createIndex('ingestion_messages_by_tenant')
      .ifNotExists()
      .on('ingestion_messages')
      .columns(['tenant_id', 'received_at'])
      .execute();

    for (const [table, key] of [
      ['article_data_items', 'item_id'],
      ['business_partners', 'code'],
    ] as const) {
      await db.schema
        .createTable(table)
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn(key, 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pkey`, ['tenant_id', key])
        .execute();
    }

    await db.schema
      .createTable('documents')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('declaration_id', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('content', types.bytes, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('documents_by_declaration')
      .ifNotExists()
      .on('documents')
      .columns(['tenant_id', 'declaration_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('seeded_documents')
      .ifNotExists()
      .addColumn('declaration_id', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('seeded_documents_pkey', ['declaration_id', 'document_type'])
      .execute();

    // Replaced by declarations_by_location (which pages too) in the part's first SQLite schema.
    await db.schema.dropIndex('declarations_by_storage_location').ifExists().execute();
  },
};
