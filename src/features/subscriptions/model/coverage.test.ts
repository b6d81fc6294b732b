import { describe, expect, it } from 'vitest';
import { coverageMatrix, importantGaps } from './coverage';
import type { SubscriptionRow } from './subscription-rows';

const row = (id: string, eventType: string, eventSubType?: string, live = false): SubscriptionRow => ({
  id,
  eventType,
  eventSubType,
  destinationUrl: 'https://hooks.example.com',
  auth: 'none',
  headerNames: [],
  live,
});

const cell = (cells: ReturnType<typeof coverageMatrix>, eventType: string, eventSubType?: string) =>
  cells.find((c) => c.eventType === eventType && c.eventSubType === eventSubType);

describe('coverageMatrix', () => {
  it('marks every known combination not covered, with warnings for the important ones, when there is no subscription', () => {
    const cells = coverageMatrix([]);
    expect(cells.every((c) => c.state === 'uncovered')).toBe(true);
    expect(cell(cells, 'DeclarationStatusChanged', 'Invalid')?.important).toBe('invalid');
    expect(importantGaps(cells).map((c) => `${c.eventType}/${c.eventSubType ?? ''}`)).toContain('DeclarationStatusChanged/Invalid');
    // Every type has an "other subtypes" row.
    expect(cell(cells, 'DeclarationPdfCreated', undefined)).toBeDefined();
  });

  it('an all-subtypes subscription covers each subtype; one more for a subtype makes it covered twice', () => {
    const cells = coverageMatrix([row('a', 'DeclarationStatusChanged'), row('b', 'DeclarationStatusChanged', 'Invalid')]);
    expect(cell(cells, 'DeclarationStatusChanged', 'Released')).toMatchObject({ state: 'covered', by: ['a'] });
    expect(cell(cells, 'DeclarationStatusChanged', 'Invalid')).toMatchObject({ state: 'twice', by: ['a', 'b'] });
    expect(cell(cells, 'DeclarationStatusChanged', undefined)).toMatchObject({ state: 'covered', by: ['a'] });
    expect(importantGaps(cells).some((c) => c.eventType === 'DeclarationStatusChanged')).toBe(false);
  });

  it("does not let the console's own subscriptions close a gap, but shows them", () => {
    const cells = coverageMatrix([row('live', 'DeclarationStatusChanged', undefined, true)]);
    expect(cell(cells, 'DeclarationStatusChanged', 'Invalid')).toMatchObject({ state: 'uncovered', by: [], console: true });
  });

  it('adds types and subtypes only a subscription names', () => {
    const cells = coverageMatrix([
      row('x', 'FormulaInformation', 'CreationUnsuccessful'),
      row('y', 'DeclarationStatusChanged', 'Submitted'),
    ]);
    expect(cell(cells, 'FormulaInformation', 'CreationUnsuccessful')).toMatchObject({ state: 'covered' });
    expect(cell(cells, 'FormulaInformation', undefined)).toMatchObject({ state: 'uncovered' });
    expect(cell(cells, 'DeclarationStatusChanged', 'Submitted')).toMatchObject({ state: 'covered', by: ['y'] });
  });
});
