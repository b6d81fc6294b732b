import { describe, expect, it } from 'vitest';
import { meaningOf, subtypeSuggestions } from './event-types';

describe('event type help', () => {
  it('explains known types and suggests their subtypes', () => {
    expect(meaningOf(' DeclarationStatusChanged ')).toMatch(/status/);
    expect(subtypeSuggestions('DeclarationStatusChanged')).toContain('Released');
  });
  it('leaves other types open', () => {
    expect(meaningOf('FormulaInformation')).toBeUndefined();
    expect(subtypeSuggestions('FormulaInformation')).toEqual([]);
  });
});
