import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import {
  BACKLOG_BUCKETS,
  BACKLOG_STATUSES,
  DASHBOARD_FINAL_STATUSES,
  type BacklogBucket,
  type Dashboard,
  type DashboardFilters,
  type DashboardFinalStatus,
  type DashboardTotals,
  type LeadTime,
} from '../../contract/dashboard.js';
import { OWNER_UNASSIGNED } from '../../contract/assignments.js';
import { isReviewStatus } from '../../contract/review.js';
import type { SlaTargets } from '../../contract/sla-targets.js';
import type { Engine } from '../../server-kit/database/engine.js';
import type { BffTables, DeclarationFactsTable } from './tables.js';

/** A status change as an event tells it. */
export interface StatusFact {
  declarationId: string;
  status: string;
  atMs: number;
  lrn?: string | null;
  customsFlow?: string | null;
  jurisdiction?: string | null;
}

/** What a read of the declaration (or one row of the search) tells. */
export interface DeclarationDescription {
  declarationId: string;
  lrn: string;
  customsFlow: string;
  jurisdiction: string;
  direction: string;
  /** declarationOfficeCode; null when not read (the search does not return it). */
  office: string | null;
  currentStatus: string;
  creationDate: string;
  declarationDate: string | null;
  lastUpdated: string;
}

export interface DashboardRange extends DashboardFilters {
  from: string;
  to: string;
}

/** The figures of one period, without comparison, coverage or targets in force. */
export type DashboardFigures = Omit<Dashboard, 'generatedAt' | 'targets' | 'coverage' | 'previous'>;

/**
 * The dashboard's facts: one row per declaration with the times its figures need. Events write
 * status changes (in any order: the earliest time of each milestone wins, the latest status is
 * current); reads and the backfill describe what events do not carry (direction, office, creation).
 * Every figure is aggregated in SQL; nothing reads all rows into memory.
 */
export interface DeclarationFactsRepository {
  recordStatus(fact: StatusFact): Promise<void>;
  /** Fills what a read tells (direction, office, creation); creates the row when absent (source 'events'). */
  describe(d: DeclarationDescription): Promise<void>;
  /** A row from the search for a declaration the BFF has no facts of (source 'backfill'); false when it has. */
  backfill(d: DeclarationDescription): Promise<boolean>;
  /** Declarations lacking direction (seen only in events so far): the ones to read. */
  undescribed(limit: number): Promise<string[]>;
  coverage(): Promise<{ declarations: number; backfilled: number }>;
  figures(range: DashboardRange, targets: SlaTargets, nowMs: number): Promise<DashboardFigures>;
  totals(range: DashboardRange): Promise<DashboardTotals>;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** Transaction advisory locks per declaration, in a key space of the dashboard's own. */
const FACTS_LOCK_SPACE = 0x0d45;

const minOf = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** Lead times are shown in minutes to one decimal: counted in tenths of a minute. */
const TENTH_MINUTE_MS = MINUTE_MS / 10;

interface LeadTimes {
  perDay: Map<string, LeadTime>;
  /** Over the whole range. */
  all: LeadTime;
}

/**
 * Nearest-rank p50 and p90 (the value at rank ceil(p% of n)) of a histogram of lead times in
 * tenths of a minute. Rounding keeps the order, so these are the exact percentiles, rounded.
 */
function nearestRanks(counts: ReadonlyMap<number, number>): LeadTime {
  const sorted = [...counts].sort((a, b) => a[0] - b[0]);
  const n = sorted.reduce((sum, [, c]) => sum + c, 0);
  if (n === 0) return { p50: null, p90: null, count: 0 };
  const valueAtRank = (rank: number): number => {
    let seen = 0;
    for (const [tenths, c] of sorted) {
      seen += c;
      if (seen >= rank) return tenths / 10;
    }
    return (sorted.at(-1)?.[0] ?? 0) / 10;
  };
  return { p50: valueAtRank(Math.ceil(n / 2)), p90: valueAtRank(Math.ceil((9 * n) / 10)), count: n };
}

/** The days of [from, to] in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += DAY_MS) out.push(dayOf(t));
  return out;
}

const isFinal = (s: string): s is DashboardFinalStatus => DASHBOARD_FINAL_STATUSES.some((f) => f === s);
const finalStatus = (status: string): DashboardFinalStatus => (isFinal(status) ? status : 'Other');
const emptyByStatus = (): Record<DashboardFinalStatus, number> => ({
  Released: 0,
  Accepted: 0,
  Submitted: 0,
  Validated: 0,
  Invalid: 0,
  CustomsError: 0,
  Other: 0,
});

export function declarationFactsRepository(db: Kysely<BffTables>, engine: Engine): DeclarationFactsRepository {
  const locked = async <T>(declarationId: string, work: (tx: Kysely<BffTables>) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (tx) => {
      if (engine === 'postgres')
        await sql`SELECT pg_advisory_xact_lock(${sql.lit(FACTS_LOCK_SPACE)}, hashtext(${declarationId}))`.execute(tx);
      return work(tx);
    });

  const read = (tx: Kysely<BffTables>, id: string) =>
    tx.selectFrom('declaration_facts').selectAll().where('declaration_id', '=', id).executeTakeFirst();

  const save = async (tx: Kysely<BffTables>, row: Selectable<DeclarationFactsTable>, exists: boolean): Promise<void> => {
    if (exists) {
      const { declaration_id, ...rest } = row;
      await tx.updateTable('declaration_facts').set(rest).where('declaration_id', '=', declaration_id).execute();
    } else await tx.insertInto('declaration_facts').values(row).execute();
  };

  /** The filters, on the facts aliased `f`. */
  const where = (r: DashboardFilters): RawBuilder<unknown> => {
    const parts: RawBuilder<unknown>[] = [];
    if (r.flow) parts.push(sql`f.customs_flow = ${r.flow}`);
    if (r.jurisdiction) parts.push(sql`f.jurisdiction = ${r.jurisdiction}`);
    if (r.direction) parts.push(sql`f.direction = ${r.direction}`);
    if (r.office) parts.push(sql`f.office = ${r.office}`);
    // The owner: a person's sub, or nobody's (the route has turned "me" into the user's sub).
    if (r.owner === OWNER_UNASSIGNED) parts.push(sql`NOT EXISTS (SELECT 1 FROM assignments a WHERE a.declaration_id = f.declaration_id)`);
    else if (r.owner)
      parts.push(sql`EXISTS (SELECT 1 FROM assignments a WHERE a.declaration_id = f.declaration_id AND a.owner_sub = ${r.owner})`);
    return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
  };

  /**
   * Lead times (end - lodged) of the declarations lodged in the range, counted in the database per
   * day and per tenth of a minute (the precision the dashboard shows): a histogram of at most one
   * row per distinct tenth of a minute a day, where a sort of every declaration used to be.
   */
  const leadTimes = async (r: DashboardRange, end: 'accepted_ms' | 'released_ms'): Promise<LeadTimes> => {
    const endColumn = sql.ref(`f.${end}`);
    const { rows } = await sql<{ day: string; tenths: number | string; n: number | string }>`
      SELECT f.lodged_day AS day, (${endColumn} - f.lodged_ms + ${TENTH_MINUTE_MS / 2}) / ${TENTH_MINUTE_MS} AS tenths, count(*) AS n
      FROM declaration_facts f
      WHERE f.lodged_day BETWEEN ${r.from} AND ${r.to} AND ${endColumn} IS NOT NULL AND ${endColumn} >= f.lodged_ms ${where(r)}
      GROUP BY f.lodged_day, 2`.execute(db);
    const byDay = new Map<string, Map<number, number>>();
    const all = new Map<number, number>();
    for (const row of rows) {
      const tenths = Math.floor(num(row.tenths));
      const day = byDay.get(String(row.day)) ?? new Map<number, number>();
      byDay.set(String(row.day), day);
      day.set(tenths, (day.get(tenths) ?? 0) + num(row.n));
      all.set(tenths, (all.get(tenths) ?? 0) + num(row.n));
    }
    return { perDay: new Map([...byDay].map(([day, counts]) => [day, nearestRanks(counts)])), all: nearestRanks(all) };
  };

  const noLead: LeadTime = { p50: null, p90: null, count: 0 };

  const totalsOf = (lodged: number, rejected: number, acceptance: LeadTime, release: LeadTime): DashboardTotals => ({
    lodged,
    accepted: acceptance.count,
    released: release.count,
    rejected,
    rejectionRate: lodged ? rejected / lodged : null,
    acceptance,
    release,
  });

  const totals = async (r: DashboardRange): Promise<DashboardTotals> => {
    const [counts, acceptance, release] = await Promise.all([
      sql<{ lodged: number | string; rejected: number | string | null }>`
        SELECT count(*) AS lodged, sum(CASE WHEN f.rejections > 0 THEN 1 ELSE 0 END) AS rejected
        FROM declaration_facts f WHERE f.lodged_day BETWEEN ${r.from} AND ${r.to} ${where(r)}`.execute(db),
      leadTimes(r, 'accepted_ms'),
      leadTimes(r, 'released_ms'),
    ]);
    return totalsOf(num(counts.rows[0]?.lodged), num(counts.rows[0]?.rejected), acceptance.all, release.all);
  };

  return {
    async recordStatus(fact) {
      await locked(fact.declarationId, async (tx) => {
        const stored = await read(tx, fact.declarationId);
        const rejected = isReviewStatus(fact.status);
        const row: Selectable<DeclarationFactsTable> = stored ?? {
          declaration_id: fact.declarationId,
          lrn: fact.lrn ?? null,
          customs_flow: fact.customsFlow ?? '',
          jurisdiction: fact.jurisdiction ?? '',
          direction: null,
          office: null,
          current_status: fact.status,
          status_ms: fact.atMs,
          lodged_ms: fact.atMs,
          lodged_day: dayOf(fact.atMs),
          accepted_ms: null,
          released_ms: null,
          rejected_ms: null,
          rejected_day: null,
          fixed_ms: null,
          rejections: 0,
          source: 'events',
        };
        if (fact.atMs >= Number(row.status_ms)) {
          row.current_status = fact.status;
          row.status_ms = fact.atMs;
        }
        if (fact.atMs < Number(row.lodged_ms)) {
          row.lodged_ms = fact.atMs;
          row.lodged_day = dayOf(fact.atMs);
        }
        row.lrn = row.lrn ?? fact.lrn ?? null;
        if (!row.customs_flow && fact.customsFlow) row.customs_flow = fact.customsFlow;
        if (!row.jurisdiction && fact.jurisdiction) row.jurisdiction = fact.jurisdiction;
        if (fact.status === 'Accepted') row.accepted_ms = minOf(row.accepted_ms === null ? null : Number(row.accepted_ms), fact.atMs);
        if (fact.status === 'Released') row.released_ms = minOf(row.released_ms === null ? null : Number(row.released_ms), fact.atMs);
        if (rejected) {
          row.rejections += 1;
          const first = minOf(row.rejected_ms === null ? null : Number(row.rejected_ms), fact.atMs);
          row.rejected_ms = first;
          row.rejected_day = first === null ? null : dayOf(first);
          // A fix recorded before this (earlier) rejection no longer counts as its fix.
          if (row.fixed_ms !== null && first !== null && Number(row.fixed_ms) < first) row.fixed_ms = null;
        } else if (row.rejected_ms !== null && fact.atMs > Number(row.rejected_ms)) {
          row.fixed_ms = minOf(row.fixed_ms === null ? null : Number(row.fixed_ms), fact.atMs);
        }
        await save(tx, row, stored !== undefined);
      });
    },

    async describe(d) {
      await locked(d.declarationId, async (tx) => {
        const stored = await read(tx, d.declarationId);
        const created = Date.parse(d.creationDate);
        if (!stored) {
          await tx
            .insertInto('declaration_facts')
            .values({ ...fromSummary(d), source: 'events' })
            .execute();
          return;
        }
        const lodged = Math.min(Number(stored.lodged_ms), created);
        await tx
          .updateTable('declaration_facts')
          .set({
            direction: d.direction,
            office: d.office ?? stored.office,
            lrn: stored.lrn ?? d.lrn,
            customs_flow: stored.customs_flow || d.customsFlow,
            jurisdiction: stored.jurisdiction || d.jurisdiction,
            lodged_ms: lodged,
            lodged_day: dayOf(lodged),
          })
          .where('declaration_id', '=', d.declarationId)
          .execute();
      });
    },

    async backfill(d) {
      const result = await db
        .insertInto('declaration_facts')
        .values({ ...fromSummary(d), source: 'backfill' })
        .onConflict((oc) => oc.column('declaration_id').doNothing())
        .returning('declaration_id')
        .executeTakeFirst();
      return result !== undefined;
    },

    async undescribed(limit) {
      const rows = await db
        .selectFrom('declaration_facts')
        .select('declaration_id')
        .where('direction', 'is', null)
        .orderBy('status_ms', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.declaration_id);
    },

    async coverage() {
      const row = await db
        .selectFrom('declaration_facts')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>(sql`CASE WHEN source = 'backfill' THEN 1 ELSE 0 END`).as('b'),
        ])
        .executeTakeFirst();
      return { declarations: num(row?.n), backfilled: num(row?.b) };
    },

    totals,

    async figures(r, targets, nowMs) {
      const f = where(r);
      // One pass over the range's declarations for the days by status, the rejections and the breaches of the targets.
      const [statusRows, acceptance, release, fixRows, codeRows, backlogRows, throughputRows] = await Promise.all([
        sql<{
          day: string;
          status: string;
          n: number | string;
          rejected: number | string | null;
          late_acceptance: number | string | null;
          late_release: number | string | null;
        }>`
          SELECT f.lodged_day AS day, f.current_status AS status, count(*) AS n,
                 sum(CASE WHEN f.rejections > 0 THEN 1 ELSE 0 END) AS rejected,
                 sum(CASE WHEN f.accepted_ms - f.lodged_ms > ${targets.acceptanceMinutes * MINUTE_MS} THEN 1 ELSE 0 END) AS late_acceptance,
                 sum(CASE WHEN f.released_ms - f.lodged_ms > ${targets.releaseMinutes * MINUTE_MS} THEN 1 ELSE 0 END) AS late_release
          FROM declaration_facts f WHERE f.lodged_day BETWEEN ${r.from} AND ${r.to} ${f} GROUP BY f.lodged_day, f.current_status`.execute(
          db,
        ),
        leadTimes(r, 'accepted_ms'),
        leadTimes(r, 'released_ms'),
        sql<{ n: number | string }>`
          SELECT count(*) AS n FROM declaration_facts f
          WHERE f.rejected_day BETWEEN ${r.from} AND ${r.to} AND coalesce(f.fixed_ms, ${nowMs}) - f.rejected_ms > ${targets.fixInvalidMinutes * MINUTE_MS} ${f}`.execute(
          db,
        ),
        sql<{ day: string; code: string; n: number | string }>`
          SELECT f.rejected_day AS day, e.error_code AS code, count(DISTINCT e.declaration_id) AS n
          FROM declaration_facts f JOIN error_index e ON e.declaration_id = f.declaration_id
          WHERE f.rejected_day BETWEEN ${r.from} AND ${r.to} ${f} GROUP BY f.rejected_day, e.error_code`.execute(db),
        sql<{ status: string; bucket: string; n: number | string }>`
          SELECT f.current_status AS status, CASE ${sql.join(
            BACKLOG_BUCKETS.filter((b) => b.maxMinutes !== null).map(
              (b) => sql`WHEN ${nowMs} - f.status_ms < ${(b.maxMinutes ?? 0) * MINUTE_MS} THEN ${b.key}`,
            ),
            sql` `,
          )} ELSE 'gt3d' END AS bucket, count(*) AS n
          FROM declaration_facts f WHERE f.current_status IN (${sql.join([...BACKLOG_STATUSES])}) ${f}
          GROUP BY f.current_status, 2`.execute(db),
        // Everyone's writes: people are not filtered by flow or office (an audit entry knows neither).
        db
          .selectFrom('audit_log')
          .select((eb) => ['name', eb.fn.countAll<number | string>().as('writes')])
          .where('time', '>=', `${r.from}T00:00:00.000Z`)
          .where('time', '<', `${dayAfter(r.to)}T00:00:00.000Z`)
          .where('outcome', '=', 'answered')
          .where('upstream_status', '>=', 200)
          .where('upstream_status', '<', 300)
          // A person's own writes under an owner filter; nobody's writes are "unassigned", so that filter keeps everyone's.
          .$if(r.owner !== undefined && r.owner !== OWNER_UNASSIGNED, (qb) => qb.where('sub', '=', r.owner ?? ''))
          .groupBy('name')
          .execute(),
      ]);

      const days = new Map(daysOf(r.from, r.to).map((day) => [day, { byStatus: emptyByStatus(), lodged: 0, rejected: 0 }]));
      const sums = { lodged: 0, rejected: 0, lateAcceptance: 0, lateRelease: 0 };
      for (const row of statusRows.rows) {
        sums.lodged += num(row.n);
        sums.rejected += num(row.rejected);
        sums.lateAcceptance += num(row.late_acceptance);
        sums.lateRelease += num(row.late_release);
        const day = days.get(String(row.day));
        if (!day) continue;
        const status = finalStatus(row.status);
        day.byStatus[status] += num(row.n);
        day.lodged += num(row.n);
        day.rejected += num(row.rejected);
      }

      const codeTotals = new Map<string, number>();
      for (const row of codeRows.rows) codeTotals.set(row.code, (codeTotals.get(row.code) ?? 0) + num(row.n));
      const codes = [...codeTotals.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 8)
        .map(([errorCode, declarations]) => ({ errorCode, declarations }));
      const top = new Set(codes.map((c) => c.errorCode));
      const codeDays = new Map<string, Record<string, number>>(daysOf(r.from, r.to).map((day) => [day, {}]));
      for (const row of codeRows.rows) {
        const counts = codeDays.get(String(row.day));
        if (counts && top.has(row.code)) counts[row.code] = num(row.n);
      }

      return {
        from: r.from,
        to: r.to,
        days: [...days.entries()].map(([day, d]) => ({
          day,
          byStatus: d.byStatus,
          lodged: d.lodged,
          rejected: d.rejected,
          rejectionRate: d.lodged ? d.rejected / d.lodged : null,
          acceptance: acceptance.perDay.get(day) ?? noLead,
          release: release.perDay.get(day) ?? noLead,
        })),
        totals: totalsOf(sums.lodged, sums.rejected, acceptance.all, release.all),
        breaches: { acceptance: sums.lateAcceptance, release: sums.lateRelease, fix: num(fixRows.rows[0]?.n) },
        errorCodes: { codes, days: [...codeDays.entries()].map(([day, counts]) => ({ day, counts })) },
        backlog: backlogRows.rows.flatMap((row) =>
          isBucket(row.bucket) ? [{ status: row.status, bucket: row.bucket, count: num(row.n) }] : [],
        ),
        throughput: throughputRows
          .map((row) => ({ name: row.name, writes: num(row.writes) }))
          .sort((a, b) => b.writes - a.writes || a.name.localeCompare(b.name)),
      };
    },
  };
}

const isBucket = (s: string): s is BacklogBucket => BACKLOG_BUCKETS.some((b) => b.key === s);
const dayAfter = (day: string): string => dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

/** The facts a summary tells: released and rejected at its last change when that is its status (partial: earlier changes are unknown). */
function fromSummary(d: DeclarationDescription): Omit<Selectable<DeclarationFactsTable>, 'source'> {
  const created = Date.parse(d.creationDate);
  const updated = Math.max(created, Date.parse(d.lastUpdated));
  const accepted = d.declarationDate === null ? null : Math.max(created, Date.parse(d.declarationDate));
  const rejected = isReviewStatus(d.currentStatus);
  return {
    declaration_id: d.declarationId,
    lrn: d.lrn,
    customs_flow: d.customsFlow,
    jurisdiction: d.jurisdiction,
    direction: d.direction,
    office: d.office,
    current_status: d.currentStatus,
    status_ms: updated,
    lodged_ms: created,
    lodged_day: dayOf(created),
    accepted_ms: accepted,
    released_ms: d.currentStatus === 'Released' || d.currentStatus === 'ExitConfirmed' ? Math.max(updated, accepted ?? 0) : null,
    rejected_ms: rejected ? updated : null,
    rejected_day: rejected ? dayOf(updated) : null,
    fixed_ms: null,
    rejections: rejected ? 1 : 0,
  };
}
