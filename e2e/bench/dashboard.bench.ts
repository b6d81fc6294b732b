import { sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SLA_TARGETS } from '../../src/contract/sla-targets.js';
import { BffStore } from '../../src/bff/store/bff-store.js';
import type { BffTables } from '../../src/bff/store/tables.js';
import { connect, type Engine } from '../../src/server-kit/database/engine.js';
import { testDatabaseUrl, testEngines } from '../../src/server-kit/database/test-databases.js';
import type { Bench, BenchResult } from './bench-types.js';

const EVENTS = 1_000_000;
const DECLARATIONS = 100_000;
const ROUNDS = 30;
const GOAL_MS = 300;
const DAY = 86_400_000;
const STATUSES = ['Released', 'Released', 'Released', 'Accepted', 'Submitted', 'Validated', 'Invalid', 'CustomsError'] as const;
const JURISDICTIONS = ['GB', 'NL', 'BE', 'DE', 'FR', 'IE'] as const;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * GET /api/dashboard's work (every aggregate of the figures, in the database) over 90 days, with
 * 1,000,000 stored events and 100,000 declarations' facts, on SQLite and, when TEST_DATABASE_URL
 * is set, PostgreSQL.
 */
export const bench: Bench = {
  title: 'dashboard answer time',
  async run(): Promise<BenchResult[]> {
    const results: BenchResult[] = [];
    for (const engine of testEngines()) results.push(...(await measure(engine)).map((r) => ({ ...r, name: `${engine}: ${r.name}` })));
    return results;
  },
};

async function measure(engine: Engine): Promise<BenchResult[]> {
  const databaseUrl = await testDatabaseUrl(engine);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  const store = await BffStore.open({ databaseUrl, dataDir });
  // A second connection to fill the tables in bulk (the repositories write one declaration at a time).
  const { db } = await connect<BffTables>({ url: databaseUrl, dataDir, fileName: 'bff.sqlite', applicationName: 'bench-dashboard' });
  try {
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    // The events: stored as the inbox keeps them (the figures never read them, which is the point).
    const events = sql`SELECT 'ev-' || i, 'DeclarationStatusChanged', 'Released', 'D-' || (i % ${DECLARATIONS}), '2026-01-01T00:00:00Z', cast(${now - 90 * DAY} as bigint) + i * 7, '2026-01-01T00:00:00Z', '{}'`;
    const columns = sql`event_inbox (id, event_type, event_sub_type, declaration_id, event_time, event_ms, received_at, envelope)`;
    if (engine === 'postgres') await sql`INSERT INTO ${columns} ${events} FROM generate_series(1, ${EVENTS}) AS i`.execute(db);
    else
      await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EVENTS}) INSERT INTO ${columns} ${events} FROM n`.execute(
        db,
      );
    for (let start = 0; start < DECLARATIONS; start += 1_000) {
      const rows = Array.from({ length: 1_000 }, (_, k) => {
        const i = start + k;
        // Spread over the 90 days (a prime stride of seconds, so every day gets its share).
        const lodged = now - ((i * 7_919_000) % (90 * DAY)) - 1;
        const status = STATUSES[i % STATUSES.length] ?? 'Released';
        const rejected = status === 'Invalid' || status === 'CustomsError';
        const accepted = status === 'Released' || status === 'Accepted' ? lodged + ((i % 17) + 1) * 60_000 : null;
        return {
          declaration_id: `D-${i}`,
          lrn: `LRN${i}`,
          customs_flow: `${JURISDICTIONS[i % 6] ?? 'GB'}-IMPORT`,
          jurisdiction: JURISDICTIONS[i % 6] ?? 'GB',
          direction: i % 3 ? 'IN' : 'OUT',
          office: `OFF${i % 20}`,
          current_status: status,
          status_ms: lodged + 3_600_000,
          lodged_ms: lodged,
          lodged_day: new Date(lodged).toISOString().slice(0, 10),
          accepted_ms: accepted,
          released_ms: status === 'Released' && accepted !== null ? accepted + ((i % 41) + 2) * 60_000 : null,
          rejected_ms: rejected ? lodged + 60_000 : null,
          rejected_day: rejected ? new Date(lodged + 60_000).toISOString().slice(0, 10) : null,
          fixed_ms: null,
          rejections: rejected ? 1 : 0,
          source: 'events',
        };
      });
      await db.insertInto('declaration_facts').values(rows).execute();
      const errors = rows
        .filter((r) => r.rejections > 0)
        .map((r, k) => ({
          declaration_id: r.declaration_id,
          error_code: `V10${k % 12}`,
          field_path: 'x',
          customs_flow: r.customs_flow,
          field_name: 'x',
          message: 'm',
        }));
      if (errors.length) await db.insertInto('error_index').values(errors).execute();
      const audit = Array.from({ length: 100 }, (_, k) => ({
        time: new Date(now - ((start + k) % 90) * DAY).toISOString(),
        sub: `u${k % 12}`,
        name: `Person ${k % 12}`,
        role: 'clerk',
        method: 'POST',
        path: '/v1/declarations/x/submit',
        operation: 'POST /v1/declarations/{declarationId}/submit',
        upstream_status: 202,
        reference_id: null,
        request_id: 'r',
        outcome: 'answered',
        status: 202,
      }));
      await db.insertInto('audit_log').values(audit).execute();
    }
    await sql`ANALYZE`.execute(db);

    const from = new Date(now - 89 * DAY).toISOString().slice(0, 10);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const filters = round % 3 === 1 ? { jurisdiction: 'GB' } : round % 3 === 2 ? { direction: 'IN' as const, office: 'OFF3' } : {};
      const t = performance.now();
      await Promise.all([
        store.repos.declarationFacts.figures({ from, to: today, ...filters }, DEFAULT_SLA_TARGETS, now),
        store.repos.declarationFacts.totals({ from: '2020-01-01', to: from, ...filters }),
        store.repos.declarationFacts.coverage(),
      ]);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const note = `90 days, ${EVENTS.toLocaleString('en')} events, ${DECLARATIONS.toLocaleString('en')} declarations, compare on; no filter, a jurisdiction, direction and office; ${ROUNDS} rounds`;
    return [
      { name: 'dashboard figures, p50', value: percentile(times, 50), unit: 'ms', note },
      {
        name: 'dashboard figures, p95',
        value: percentile(times, 95),
        unit: 'ms',
        goal: `≤ ${GOAL_MS} ms`,
        met: percentile(times, 95) <= GOAL_MS,
        note,
      },
    ];
  } finally {
    await db.destroy();
    await store.close();
  }
}
