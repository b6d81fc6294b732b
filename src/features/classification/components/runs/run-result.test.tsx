import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassificationResult } from '../../../../contract/classification';
import { changeLanguage, loadNamespaces } from '../../../../lib/i18n/i18n';
import { renderWithMantine } from '../../../../lib/test-support/render-with-mantine';
import { RunResult } from './run-result';

const RESULT: ClassificationResult = {
  notes: [
    'Description too thin for a reliable code: add the material.',
    'The requested code 4202 21 00 is supported by the description.',
    'Leather handbags.',
  ].join('\n'),
  options: [
    { code: '42029180', score: 4.25, explanation: 'Other containers.' },
    { code: '42022100', score: 8.1, explanation: 'Handbags with outer surface of leather.' },
  ],
  rulingReferences: [{ commodityCode: '42022100', url: 'https://example.test/bti/1', text: 'BTI NL-2024-1' }],
};

describe('a run’s result in the clerk’s language', () => {
  beforeAll(() => loadNamespaces('classification'));
  afterAll(() => changeLanguage('en'));

  it('reads in English as the journeys read it, then in German with German decimals, the engine’s own texts marked English', async () => {
    renderWithMantine(<RunResult result={RESULT} jurisdiction="EU" verifiedCode="42022100" />);
    expect(screen.getAllByTestId('option-score').map((s) => s.textContent)).toEqual(['Score 8.1 / 10', 'Score 4.3 / 10']);
    expect(screen.getByTestId('thin-description').textContent).toContain(
      "add the material. Edit the item's description and run the classification again.",
    );
    expect(screen.getByText('Your code is supported')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Score of 42022100: 8.1 of 10' })).toBeTruthy();

    await act(() => changeLanguage('de'));
    expect(screen.getAllByTestId('option-score').map((s) => s.textContent)).toEqual(['Bewertung 8,1 / 10', 'Bewertung 4,3 / 10']);
    expect(screen.getByText('Ihre Warennummer wird bestätigt')).toBeTruthy();
    expect(screen.getByText('Ihre Warennummer')).toBeTruthy();
    expect(screen.getByText('Handbags with outer surface of leather.').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Leather handbags.').getAttribute('lang')).toBe('en');
  });
});
