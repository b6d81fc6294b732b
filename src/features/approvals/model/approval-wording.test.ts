import { describe, expect, it } from 'vitest';
import { ageText, operationLabel, ruleText } from './approval-wording';

describe('approval wording', () => {
  it('names operations and rules in words', () => {
    expect(operationLabel('POST /v1/declarations/{declarationId}/invalidate')).toBe('Invalidate');
    expect(
      ruleText({
        operation: 'POST /v1/declarations/{declarationId}/submit',
        customsValueAtLeast: { amount: 100_000, currency: 'EUR' },
        directions: ['IN'],
        approverRoles: ['supervisor'],
      }),
    ).toBe('Submit when the customs value is at least 100,000 EUR and the direction is IN; approved by supervisor');
    expect(ruleText({ operation: 'POST /v1/declarations/{declarationId}/invalidate', approverRoles: ['supervisor', 'analyst'] })).toBe(
      'Invalidate, always; approved by supervisor or analyst',
    );
  });

  it('says how long a request has waited', () => {
    expect([ageText(30), ageText(600), ageText(3 * 3600 + 120), ageText(26 * 3600)]).toEqual([
      'just now',
      '10 min',
      '3 h 2 min',
      '1 d 2 h',
    ]);
  });
});
