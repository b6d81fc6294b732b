import { describe, expect, it } from 'vitest';
import { DECLARATION_STATUSES } from '../../../contract/declaration-statuses';
import { knownTypeOf, subtypeSuggestions } from './event-types';

describe('event type help', () => {
  it('explains known types and suggests their subtypes', () => {
    expect(knownTypeOf(' DeclarationStatusChanged ')).toBe('DeclarationStatusChanged');
    expect(subtypeSuggestions('DeclarationStatusChanged')).toContain('Released');
  });
  it('suggests every status the service can report for a status change, from the one status table', () => {
    expect(subtypeSuggestions('DeclarationStatusChanged')).toEqual(
      expect.arrayContaining(['ExitConfirmed', 'Invalidated', 'Diverted', ...DECLARATION_STATUSES]),
    );
    expect(subtypeSuggestions('DeclarationStatusChanged')).toHaveLength(DECLARATION_STATUSES.length);
  });
  it('leaves other types open', () => {
    expect(knownTypeOf('FormulaInformation')).toBeUndefined();
    expect(subtypeSuggestions('FormulaInformation')).toEqual([]);
  });
});
