import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../lib/i18n/i18n';
import { ageText, operationLabel, ruleText } from './approval-wording';

const SUBMIT_OVER_100K = {
  operation: 'POST /v1/declarations/{declarationId}/submit' as const,
  customsValueAtLeast: { amount: 100_000, currency: 'EUR' },
  directions: ['IN' as const],
  approverRoles: ['supervisor' as const],
};

// One translation state for the console, so these run in order on it.
describe('approval wording', () => {
  it('names operations and rules in words', async () => {
    await startI18n('en');
    await loadNamespaces('approvals');
    const t = i18n.getFixedT('en', 'approvals');
    expect(operationLabel('POST /v1/declarations/{declarationId}/invalidate', t)).toBe('Invalidate');
    expect(ruleText(SUBMIT_OVER_100K, t)).toBe(
      'Submit when the customs value is at least 100,000 EUR and the direction is IN; approved by supervisor',
    );
    expect(ruleText({ operation: 'POST /v1/declarations/{declarationId}/invalidate', approverRoles: ['supervisor', 'analyst'] }, t)).toBe(
      'Invalidate, always; approved by supervisor or analyst',
    );
  });

  it('says how long a request has waited', () => {
    const t = i18n.getFixedT('en', 'approvals');
    expect([ageText(30, t), ageText(600, t), ageText(3 * 3600 + 120, t), ageText(26 * 3600, t)]).toEqual([
      'just now',
      '10 min ago',
      '3 h 2 min ago',
      '1 d 2 h ago',
    ]);
  });

  it('says rules in the clerk’s language, amounts in its format', async () => {
    await changeLanguage('de');
    expect(ruleText(SUBMIT_OVER_100K, i18n.getFixedT('de', 'approvals'))).toBe(
      'Abgabe, wenn der Zollwert mindestens 100.000 EUR beträgt und die Richtung IN ist; Freigabe durch Teamleitung',
    );
    await changeLanguage('nl');
    expect(
      ruleText(
        { operation: 'POST /v1/declarations/{declarationId}/invalidate', approverRoles: ['supervisor', 'analyst'] },
        i18n.getFixedT('nl', 'approvals'),
      ),
    ).toBe('Ongeldigverklaring, altijd; goedkeuring door leidinggevende of analist');
    await changeLanguage('en');
  });
});
