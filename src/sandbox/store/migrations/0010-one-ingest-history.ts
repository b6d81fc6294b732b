import { sql, type Kysely } from 'kysely';
import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/** Rows copied per statement: far below both engines' bind-parameter limits. */
const BATCH = 200;

/** The ingest_history row as of this migration (frozen here, as the legacy shapes below: a migration never changes with the code). */
interface HistoryRow {
  id: string;
  reference_id: string;
  tenant_id: string;
  channel: 'https';
  message_type: string;
  message_id: null;
  file_name: null;
  format: string;
  business_reference: string | null;
  received_at: string;
  processed_at: string | null;
  outcome: string;
  outcome_detail: string | null;
  errors: string;
  declaration_ids: string;
  movement_order_ids: string;
  body: string | null;
}

type LegacyRow = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : String(v));
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : text(v));

/** Message names of the legacy tables' kinds (contract: INGEST_MESSAGE_TYPES, MASTER_DATA_MESSAGES); frozen here as they were. */
const INGESTION_TYPES: Record<string, string> = {
  CustomsShipment: 'CustomsShipment',
  ArticleDataItems: 'ArticleDataItem',
  BusinessPartners: 'BusinessPartners',
};
const MASTER_DATA_TYPES: Record<string, string> = {
  materialList: 'MaterialList',
  materialListInvalidation: 'MaterialListInvalidationRequest',
  certificateOfOrigin: 'CertificateOfOrigin',
  shipment: 'Shipment',
};
const OUTCOMES: Record<string, string> = {
  Received: 'Accepted',
  Accepted: 'Accepted',
  Processed: 'Processed',
  Failed: 'Unsuccessful',
  Rejected: 'Unsuccessful',
};

function base(r: LegacyRow, messageType: string): Omit<HistoryRow, 'outcome_detail' | 'business_reference' | 'body'> {
  return {
    id: text(r.reference_id),
    reference_id: text(r.reference_id),
    tenant_id: text(r.tenant_id),
    channel: 'https',
    message_type: messageType,
    message_id: null,
    file_name: null,
    format: textOrNull(r.format) ?? 'json',
    received_at: text(r.received_at),
    processed_at: textOrNull(r.processed_at),
    outcome: OUTCOMES[text(r.status)] ?? 'Accepted',
    errors: textOrNull(r.error_descriptions) ?? '[]',
    declaration_ids: '[]',
    movement_order_ids: '[]',
  };
}

/** Reads a legacy table in reference_id order, BATCH rows at a time, and inserts the history rows of those not yet in it. */
async function copy(db: Kysely<unknown>, table: string, toHistory: (r: LegacyRow) => Promise<HistoryRow>): Promise<void> {
  const raw = db.withTables<Record<string, LegacyRow>>();
  const history = db.withTables<{ ingest_history: HistoryRow }>();
  let after = '';
  for (;;) {
    const rows = await raw.selectFrom(table).selectAll().where('reference_id', '>', after).orderBy('reference_id').limit(BATCH).execute();
    if (rows.length === 0) return;
    after = text(rows.at(-1)?.reference_id);
    const ids = rows.map((r) => text(r.reference_id));
    const existing = new Set(
      (await history.selectFrom('ingest_history').select('reference_id').where('reference_id', 'in', ids).execute()).map(
        (r) => r.reference_id,
      ),
    );
    const missing = rows.filter((r) => !existing.has(text(r.reference_id)));
    const values: HistoryRow[] = [];
    for (const r of missing) values.push(await toHistory(r));
    if (values.length) await history.insertInto('ingest_history').values(values).execute();
    // Messages recorded since 0007 have a history row without the body processing reads.
    for (const r of rows.filter((row) => existing.has(text(row.reference_id)) && row.body !== undefined)) {
      await history
        .updateTable('ingest_history')
        .set({ body: text(r.body) })
        .where('reference_id', '=', text(r.reference_id))
        .where('body', 'is', null)
        .execute();
    }
  }
}

/** A movement message's outcome as its orders show it: Accepted while any awaits validation, Unsuccessful when one was Invalid. */
async function movementRow(db: Kysely<unknown>, r: LegacyRow): Promise<HistoryRow> {
  const raw = db.withTables<Record<string, LegacyRow>>();
  const orders = await raw
    .selectFrom('movement_orders')
    .select(['id', 'status', 'external_reference', 'updated_at'])
    .where('reference_id', '=', text(r.reference_id))
    .orderBy('position')
    .execute();
  const statuses = orders.map((o) => text(o.status));
  const pending = statuses.includes('Submitted');
  const invalid = orders.filter((o) => o.status === 'Invalid').map((o) => `${text(o.external_reference)}: Invalid`);
  const lastUpdate =
    orders
      .map((o) => text(o.updated_at))
      .sort()
      .at(-1) ?? text(r.received_at);
  return {
    ...base({ ...r, status: 'Received' }, 'MovementOrder'),
    business_reference: orders.map((o) => text(o.external_reference)).join(', ') || null,
    movement_order_ids: JSON.stringify(orders.map((o) => text(o.id))),
    outcome: pending ? 'Accepted' : invalid.length ? 'Unsuccessful' : 'Processed',
    outcome_detail: pending ? null : invalid.length ? 'Invalid' : 'Valid',
    errors: JSON.stringify(invalid),
    processed_at: pending ? null : lastUpdate,
    body: JSON.stringify({ version: textOrNull(r.version), viaDeprecatedPath: Number(r.via_deprecated_path) === 1 }),
  };
}

/**
 * One ingest history replaces the four message logs (ingestion_messages, formula_messages,
 * master_data_messages, movement_ingestions): the history keeps the accepted message's body
 * for its processing, every legacy row is copied in (an upgraded database loses nothing), and
 * the legacy tables are dropped. movement_orders is rebuilt without its foreign key to
 * movement_ingestions (SQLite cannot drop a constraint in place).
 */
export const oneIngestHistoryMigration: VersionedMigration = {
  async up(db) {
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'ingest_history')?.columns ?? [];
    if (!columns.some((c) => c.name === 'body')) await db.schema.alterTable('ingest_history').addColumn('body', 'text').execute();
    const tables = new Set((await db.introspection.getTables()).map((t) => t.name));

    if (tables.has('ingestion_messages')) {
      await copy(db, 'ingestion_messages', async (r) => ({
        ...base(r, INGESTION_TYPES[text(r.kind)] ?? text(r.kind)),
        business_reference: textOrNull(r.external_reference),
        outcome_detail: null,
        body: text(r.body),
      }));
    }
    if (tables.has('formula_messages')) {
      await copy(db, 'formula_messages', async (r) => ({
        ...base(r, 'Formula'),
        business_reference: text(r.item_id),
        outcome_detail: r.status === 'Processed' ? 'CreationSuccessful' : r.status === 'Rejected' ? 'CreationUnsuccessful' : null,
        body: text(r.body),
      }));
    }
    if (tables.has('master_data_messages')) {
      await copy(db, 'master_data_messages', async (r) => ({
        ...base(r, MASTER_DATA_TYPES[text(r.kind)] ?? text(r.kind)),
        business_reference: textOrNull(r.business_reference) || null,
        outcome_detail: null,
        body: text(r.body),
      }));
    }
    if (tables.has('movement_ingestions')) {
      await copy(db, 'movement_ingestions', (r) => movementRow(db, r));
      await rebuildMovementOrdersWithoutForeignKey(db);
    }
    for (const table of ['ingestion_messages', 'formula_messages', 'master_data_messages', 'movement_ingestions']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

const MOVEMENT_ORDER_COLUMNS = [
  'id',
  'tenant_id',
  'reference_id',
  'position',
  'external_reference',
  'movement_type',
  'status',
  'body',
  'validation_errors',
  'created_at',
  'updated_at',
];

async function rebuildMovementOrdersWithoutForeignKey(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('movement_orders_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('reference_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('external_reference', 'text', (c) => c.notNull())
    .addColumn('movement_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('validation_errors', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.join(MOVEMENT_ORDER_COLUMNS.map((c) => sql.ref(c)));
  await sql`INSERT INTO movement_orders_next (${columns}) SELECT ${columns} FROM movement_orders`.execute(db);
  await db.schema.dropTable('movement_orders').execute();
  await db.schema.alterTable('movement_orders_next').renameTo('movement_orders').execute();
  await db.schema.createIndex('movement_orders_by_reference').on('movement_orders').columns(['reference_id', 'position']).execute();
  await db.schema.createIndex('movement_orders_by_external').on('movement_orders').columns(['tenant_id', 'external_reference']).execute();
}
