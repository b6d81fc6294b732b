import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadNamespaces } from '../../../../lib/i18n/i18n';
import { renderWithMantine } from '../../../../lib/test-support/render-with-mantine';
import { PlainStatusBadge } from '../status-badge-plain';
import { ResultsPager } from './results-pager';

const noop = () => undefined;

describe('the declarations search in the clerk’s language', () => {
  beforeAll(() => loadNamespaces('declarations'));
  afterAll(() => changeLanguage('en'));

  it('pages in English as the journeys read it, then in Dutch with Dutch thousands separators, without a remount', async () => {
    renderWithMantine(<ResultsPager offset={1000} limit={25} rowCount={25} onPage={noop} onPageSize={noop} />);
    expect(screen.getByTestId('page-indicator').textContent).toBe('Rows 1,001–1,025 of 1,025+');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);

    await act(() => changeLanguage('nl'));
    expect(screen.getByTestId('page-indicator').textContent).toBe('Rijen 1.001–1.025 van 1.025+');
    expect(screen.getByRole('button', { name: 'Volgende' }).hasAttribute('disabled')).toBe(false);
  });

  it('keeps the service’s status name and explains it in the language', async () => {
    await act(() => changeLanguage('de'));
    renderWithMantine(<PlainStatusBadge status="Released" />);
    const badge = screen.getByText('Released');
    expect(badge.parentElement?.getAttribute('title')).toBe('Der Zoll hat die Waren überlassen. Nichts weiter zu tun.');
  });
});
