import { describe, expect, it } from 'vitest';
import { summaryFixture } from '../test-fixtures';
import { mergeMatches, planIdentifierLookup } from './identifier-lookup';

const summary = (declarationId: string) => summaryFixture({ declarationId });

describe('planIdentifierLookup', () => {
  it('opens a declaration id directly', () => {
    expect(planIdentifierLookup(' 20F8401A-B3E3-4CE2-873A-D162D18F81B2 ')).toEqual({
      kind: 'declarationId',
      declarationId: '20f8401a-b3e3-4ce2-873a-d162d18f81b2',
    });
  });

  it('asks MRN only for an MRN-shaped value, upper-cased', () => {
    const plan = planIdentifierLookup('26degzfsx8q3a19nm9');
    expect(plan.kind === 'search' && plan.searches.map((s) => s.field)).toEqual(['mrn', 'lrn', 'ucr', 'externalReference']);
    expect(plan.kind === 'search' && plan.searches[0]?.value).toBe('26DEGZFSX8Q3A19NM9');
  });

  it('asks ARC for an ARC-shaped value', () => {
    const plan = planIdentifierLookup('26GB1234567890ABCDEF1');
    expect(plan.kind === 'search' && plan.searches.map((s) => s.field)).toEqual(['arc', 'lrn', 'ucr', 'externalReference']);
  });

  it('free-form references go to LRN, UCR and external reference', () => {
    const plan = planIdentifierLookup('CAS26GB000000042');
    expect(plan.kind === 'search' && plan.searches.map((s) => s.field)).toEqual(['lrn', 'ucr', 'externalReference']);
  });

  it('ignores blank input', () => {
    expect(planIdentifierLookup('   ')).toEqual({ kind: 'empty' });
  });
});

describe('mergeMatches', () => {
  it('one entry per declaration with every field that matched', () => {
    const merged = mergeMatches([
      { field: 'lrn', rows: [summary('a')] },
      { field: 'ucr', rows: [summary('a'), summary('b')] },
      { field: 'externalReference', rows: [] },
    ]);
    expect(merged.map((m) => [m.declaration.declarationId, m.matchedBy])).toEqual([
      ['a', ['lrn', 'ucr']],
      ['b', ['ucr']],
    ]);
  });
});
