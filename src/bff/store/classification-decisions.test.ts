import { afterEach, describe, expect, it } from 'vitest';
import type { Decision } from '../../contract/classification-workbench.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const decision = (over: Partial<Omit<Decision, 'id'>> = {}): Omit<Decision, 'id'> => ({
  runId: 'r1',
  itemId: 'item-1',
  itemReference: 'SKU-1',
  jurisdiction: 'EU',
  assignedCode: '42022190',
  assignedScore: 3.5,
  proposedCode: '42022100',
  proposedScore: 8.25,
  decision: 'accepted',
  comment: 'Leather outer surface: 4202 21.',
  decidedBy: { sub: 'ana', name: 'Ana Analyst' },
  decidedAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

describe.each(testEngines())('classification decision repository on %s', (engine) => {
  it('records decisions as given and lists them newest first', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const decisions = store.repos.classificationDecisions;
    const first = await decisions.record(decision());
    expect(first).toEqual({ ...decision(), id: expect.any(Number) as number });
    await decisions.record(decision({ decision: 'rejected', comment: '', assignedScore: null, proposedScore: null, itemReference: null }));
    const listed = await decisions.list(10);
    expect(listed.map((d) => d.decision)).toEqual(['rejected', 'accepted']);
    expect(listed[0]).toMatchObject({ assignedScore: null, proposedScore: null, itemReference: null, comment: '' });
    expect(await decisions.list(1)).toHaveLength(1);
  });
});
