import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SLA_TARGETS } from '../../contract/sla-targets.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';
import type { DeclarationDescription } from './declaration-facts.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const at = (iso: string): number => Date.parse(iso);
const MIN = 60_000;
const summary = (id: string, over: Partial<DeclarationDescription> = {}): DeclarationDescription => ({
  declarationId: id,
  lrn: `LRN-${id}`,
  customsFlow: 'GB-IMPORT',
  jurisdiction: 'GB',
  direction: 'IN',
  office: null,
  currentStatus: 'Released',
  creationDate: '2026-11-02T09:00:00.000Z',
  declarationDate: '2026-11-02T09:04:00.000Z',
  lastUpdated: '2026-11-02T09:20:00.000Z',
  ...over,
});

describe.each(testEngines())('declaration facts repository on %s', (engine) => {
  it('counts a day by final status, with lead-time percentiles, rejections, breaches and the backlog computed in the database', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const facts = store.repos.declarationFacts;
    // Ten declarations lodged on 2 November, accepted after 1..10 minutes; the first four released after 10..40 minutes.
    for (let i = 1; i <= 10; i++) {
      const id = `D-${String(i)}`;
      const lodged = at('2026-11-02T08:00:00.000Z') + i * MIN;
      await facts.recordStatus({
        declarationId: id,
        status: 'Submitted',
        atMs: lodged,
        lrn: `L${String(i)}`,
        customsFlow: 'GB-IMPORT',
        jurisdiction: 'GB',
      });
      await facts.recordStatus({ declarationId: id, status: 'Accepted', atMs: lodged + i * MIN });
      if (i <= 4) await facts.recordStatus({ declarationId: id, status: 'Released', atMs: lodged + i * 10 * MIN });
    }
    // Rejected, then fixed 5 hours later (a breach of the 4-hour fix target), delivered out of order.
    await facts.recordStatus({
      declarationId: 'R-1',
      status: 'Submitted',
      atMs: at('2026-11-02T10:00:00.000Z'),
      customsFlow: 'NL-IMPORT',
      jurisdiction: 'NL',
    });
    await facts.recordStatus({ declarationId: 'R-1', status: 'Submitted', atMs: at('2026-11-02T16:00:00.000Z') });
    await facts.recordStatus({ declarationId: 'R-1', status: 'CustomsError', atMs: at('2026-11-02T10:30:00.000Z') });
    // Still Invalid: in the backlog, aged from its status time.
    await facts.recordStatus({
      declarationId: 'I-1',
      status: 'Invalid',
      atMs: at('2026-11-03T07:00:00.000Z'),
      customsFlow: 'GB-IMPORT',
      jurisdiction: 'GB',
    });
    await facts.describe(
      summary('I-1', { currentStatus: 'Invalid', creationDate: '2026-11-03T06:59:00.000Z', office: 'GB000051', direction: 'OUT' }),
    );

    const range = { from: '2026-11-01', to: '2026-11-03' };
    const now = at('2026-11-03T09:30:00.000Z');
    const figures = await store.repos.declarationFacts.figures(range, DEFAULT_SLA_TARGETS, now);
    expect(figures.days.map((d) => d.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    const [first, second, third] = figures.days;
    expect(first).toMatchObject({ lodged: 0, rejectionRate: null, acceptance: { p50: null, p90: null, count: 0 } });
    expect(second).toMatchObject({ lodged: 11, rejected: 1, byStatus: { Accepted: 6, Released: 4, Submitted: 1, Invalid: 0 } });
    expect(second?.rejectionRate).toBeCloseTo(1 / 11);
    // Nearest rank: p50 of 1..10 minutes is the 5th value, p90 the 9th.
    expect(second?.acceptance).toEqual({ p50: 5, p90: 9, count: 10 });
    expect(second?.release).toEqual({ p50: 20, p90: 40, count: 4 });
    expect(third).toMatchObject({ lodged: 1, rejected: 1, byStatus: { Invalid: 1 } });
    expect(figures.totals).toMatchObject({ lodged: 12, accepted: 10, released: 4, rejected: 2, acceptance: { p50: 5, p90: 9, count: 10 } });
    // Acceptance over 5 minutes: 6..10; release over 30 minutes: the 40-minute one; one fix over 4 hours.
    expect(figures.breaches).toEqual({ acceptance: 5, release: 1, fix: 1 });
    // Waiting now: I-1 in Invalid for 2.5 hours, R-1 resubmitted 17.5 hours ago.
    expect([...figures.backlog].sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { status: 'Invalid', bucket: '1to4h', count: 1 },
      { status: 'Submitted', bucket: '4to24h', count: 1 },
    ]);

    // Filters narrow every figure; the office is known only from a read.
    const nl = await facts.figures({ ...range, jurisdiction: 'NL' }, DEFAULT_SLA_TARGETS, now);
    expect(nl.totals).toMatchObject({ lodged: 1, rejected: 1, accepted: 0 });
    const office = await facts.figures({ ...range, office: 'GB000051', direction: 'OUT' }, DEFAULT_SLA_TARGETS, now);
    expect(office.totals.lodged).toBe(1);
    expect(office.days[2]?.byStatus.Invalid).toBe(1);
  });

  it('gives lead-time percentiles to a tenth of a minute, per day and over days lodged apart', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const facts = store.repos.declarationFacts;
    // Accepted after 30 s, 93 s (1.55 min, shown 1.6) and 150 s on 4 November; after 20 min on 5 November.
    const leads: [string, number][] = [
      ['2026-11-04T09:00:00.000Z', 30_000],
      ['2026-11-04T10:00:00.000Z', 93_000],
      ['2026-11-04T11:00:00.000Z', 150_000],
      ['2026-11-05T09:00:00.000Z', 20 * MIN],
    ];
    for (const [i, [lodged, lead]] of leads.entries()) {
      await facts.recordStatus({ declarationId: `P-${String(i)}`, status: 'Submitted', atMs: at(lodged), customsFlow: 'GB-IMPORT' });
      await facts.recordStatus({ declarationId: `P-${String(i)}`, status: 'Accepted', atMs: at(lodged) + lead });
    }
    const figures = await facts.figures({ from: '2026-11-04', to: '2026-11-05' }, DEFAULT_SLA_TARGETS, at('2026-11-06T00:00:00.000Z'));
    expect(figures.days[0]?.acceptance).toEqual({ p50: 1.6, p90: 2.5, count: 3 });
    expect(figures.days[1]?.acceptance).toEqual({ p50: 20, p90: 20, count: 1 });
    // Over both days: ranks 2 and 4 of the four.
    expect(figures.totals.acceptance).toEqual({ p50: 1.6, p90: 20, count: 4 });
  });

  it("narrows every figure to an owner's declarations, or to nobody's", async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const facts = store.repos.declarationFacts;
    for (const id of ['O-1', 'O-2', 'O-3'])
      await facts.recordStatus({ declarationId: id, status: 'Invalid', atMs: at('2026-11-04T09:00:00.000Z'), customsFlow: 'GB-IMPORT' });
    const clara = { sub: 'clara', name: 'Clara Clerk' };
    await store.repos.assignments.assign('O-2', clara, clara, '2026-11-04T09:05:00.000Z', () => true);
    const range = { from: '2026-11-04', to: '2026-11-04' };
    const now = at('2026-11-04T12:00:00.000Z');
    const lodged = async (owner: string | undefined) => (await facts.figures({ ...range, owner }, DEFAULT_SLA_TARGETS, now)).totals.lodged;
    expect([await lodged(undefined), await lodged('clara'), await lodged('unassigned'), await lodged('colin')]).toEqual([3, 1, 2, 0]);
    const backlog = (await facts.figures({ ...range, owner: 'clara' }, DEFAULT_SLA_TARGETS, now)).backlog;
    expect(backlog.reduce((n, b) => n + b.count, 0)).toBe(1);
  });

  it('backfills from the search only what events have not told, and says how much is backfilled', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const facts = store.repos.declarationFacts;
    await facts.recordStatus({
      declarationId: 'E-1',
      status: 'Accepted',
      atMs: at('2026-11-02T09:00:00.000Z'),
      customsFlow: 'GB-IMPORT',
      jurisdiction: 'GB',
    });
    expect(await facts.undescribed(10)).toEqual(['E-1']);
    expect(await facts.backfill(summary('E-1'))).toBe(false);
    expect(await facts.backfill(summary('B-1'))).toBe(true);
    expect(
      await facts.backfill(
        summary('B-2', { currentStatus: 'CustomsError', declarationDate: null, lastUpdated: '2026-11-02T11:00:00.000Z' }),
      ),
    ).toBe(true);
    expect(await facts.coverage()).toEqual({ declarations: 3, backfilled: 2 });
    const figures = await facts.figures({ from: '2026-11-02', to: '2026-11-02' }, DEFAULT_SLA_TARGETS, at('2026-11-03T00:00:00.000Z'));
    // B-1: accepted 4 minutes and released 20 minutes after creation (its last change).
    expect(figures.totals).toMatchObject({ lodged: 3, accepted: 2, released: 1, rejected: 1, release: { p50: 20, p90: 20, count: 1 } });
    expect(figures.days[0]?.byStatus).toMatchObject({ Released: 1, Accepted: 1, CustomsError: 1 });
  });

  it('counts each person’s successful writes in the range from the audit log', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const base = {
      sub: 's',
      role: 'clerk',
      method: 'POST',
      path: '/v1/declarations/x/submit',
      operation: 'POST /v1/declarations/{declarationId}/submit',
      referenceId: null,
      requestId: 'r',
    };
    await store.repos.auditLog.record({ ...base, time: '2026-11-02T10:00:00.000Z', name: 'Clara', upstreamStatus: 202 });
    await store.repos.auditLog.record({ ...base, time: '2026-11-02T11:00:00.000Z', name: 'Clara', upstreamStatus: 202 });
    await store.repos.auditLog.record({ ...base, time: '2026-11-02T12:00:00.000Z', name: 'Clara', upstreamStatus: 409 });
    await store.repos.auditLog.record({ ...base, time: '2026-11-02T23:59:59.999Z', name: 'Sam', upstreamStatus: 200 });
    await store.repos.auditLog.record({ ...base, time: '2026-11-03T00:00:00.000Z', name: 'Sam', upstreamStatus: 200 });
    const figures = await store.repos.declarationFacts.figures({ from: '2026-11-02', to: '2026-11-02' }, DEFAULT_SLA_TARGETS, Date.now());
    expect(figures.throughput).toEqual([
      { name: 'Clara', writes: 2 },
      { name: 'Sam', writes: 1 },
    ]);
  });
});
