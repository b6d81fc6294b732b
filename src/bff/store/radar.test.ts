import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SLA_TARGETS } from '../../contract/sla-targets.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const ana = { sub: 'ana', name: 'Ana Analyst' };

describe.each(testEngines())('radar queries on %s', (engine) => {
  it('finds declarations past (or near) their target with their owner, the soonest due first', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const facts = store.repos.declarationFacts;
    const fact = (id: string, status: string, atMs: number, customsFlow = 'NL Import') =>
      facts.recordStatus({ declarationId: id, status, atMs, lrn: `LRN-${id}`, customsFlow, jurisdiction: 'NL' });
    await fact('invalid-late', 'Invalid', NOW - 5 * HOUR); // fix: 4 h
    await fact('invalid-fresh', 'Invalid', NOW - HOUR);
    await fact('validated-late', 'Validated', NOW - 2 * HOUR); // submit: 1 h
    await fact('accepted-late', 'Submitted', NOW - 3 * HOUR);
    await fact('accepted-late', 'Accepted', NOW - 2 * HOUR); // release: 30 min from lodgement
    await fact('excise', 'Accepted', NOW - 48 * HOUR, 'NL Excise Receipt');
    await fact('released', 'Released', NOW - 48 * HOUR);
    await store.repos.assignments.assign(
      'invalid-late',
      { sub: 'clara', name: 'Clara' },
      { sub: 'clara', name: 'Clara' },
      '2026-11-28T08:00:00.000Z',
      () => true,
    );

    const late = await store.repos.radar.lateDeclarations(DEFAULT_SLA_TARGETS, NOW, 100);
    expect(late.map((l) => [l.declarationId, l.kind, l.dueMs])).toEqual([
      ['accepted-late', 'release', NOW - 3 * HOUR + 30 * 60_000],
      ['invalid-late', 'fix', NOW - HOUR],
      ['validated-late', 'submit', NOW - HOUR],
    ]);
    expect(late.find((l) => l.declarationId === 'invalid-late')).toMatchObject({
      owner: { sub: 'clara', name: 'Clara' },
      lrn: 'LRN-invalid-late',
      sinceMs: NOW - 5 * HOUR,
    });
    expect(late.find((l) => l.declarationId === 'accepted-late')?.sinceMs).toBe(NOW - 3 * HOUR);
    // Three hours ahead the fresh Invalid one is due too.
    const soon = await store.repos.radar.lateDeclarations(DEFAULT_SLA_TARGETS, NOW + 3 * HOUR, 100);
    expect(soon.map((l) => l.declarationId)).toContain('invalid-fresh');
  });

  it('finds better classification suggestions nobody has decided on since the latest run', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const runs = store.repos.classificationRuns;
    const better = { bestCode: '42022100', bestScore: 8, assignedScore: 3, better: true };
    const start = (runId: string, itemId: string, startedAt: string) =>
      runs.record({
        runId,
        itemId,
        itemReference: `SKU-${itemId}`,
        jurisdiction: 'EU',
        code: null,
        assignedCode: '42022190',
        startedBy: ana,
        startedAt,
      });
    await start('r1', 'undecided', '2026-11-28T08:00:00.000Z');
    await runs.update('r1', 'Completed', better, '2026-11-28T08:05:00.000Z');
    await start('r2', 'decided', '2026-11-28T08:00:00.000Z');
    await runs.update('r2', 'Completed', better, '2026-11-28T08:05:00.000Z');
    await store.repos.classificationDecisions.record({
      runId: 'r2',
      itemId: 'decided',
      itemReference: 'SKU-decided',
      jurisdiction: 'EU',
      assignedCode: '42022190',
      assignedScore: 3,
      proposedCode: '42022100',
      proposedScore: 8,
      decision: 'accepted',
      comment: '',
      decidedBy: ana,
      decidedAt: '2026-11-28T09:00:00.000Z',
    });
    // A later run found nothing better: the earlier suggestion is no longer pending.
    await start('r3', 'superseded', '2026-11-28T07:00:00.000Z');
    await runs.update('r3', 'Completed', better, '2026-11-28T07:05:00.000Z');
    await start('r4', 'superseded', '2026-11-28T10:00:00.000Z');
    await runs.update('r4', 'Completed', { ...better, better: false }, '2026-11-28T10:05:00.000Z');

    expect(await store.repos.radar.pendingClassifications(10)).toEqual([
      {
        runId: 'r1',
        itemId: 'undecided',
        itemReference: 'SKU-undecided',
        jurisdiction: 'EU',
        sinceIso: '2026-11-28T08:05:00.000Z',
        owner: ana,
      },
    ]);
  });
});
