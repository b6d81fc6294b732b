import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import type { TariffNode } from '../../../../contract/tariff';
import { tariffCodeQueryOptions } from '../../../../lib/tariff-queries';
import { renderWithMantine } from '../../../../lib/test-support/render-with-mantine';
import { codeCheckVerdict } from '../../../../contract/code-checks';
import { CodeCheckAnswer } from './code-check-answer';

// The page's catalog, loaded as its route does before it renders.
beforeAll(() => loadNamespaces('declaration'));

const options = [
  { code: '61091000', score: 8.4, explanation: 'Knitted T-shirts of cotton.' },
  { code: '61099020', score: 5.2, explanation: 'Of wool or fine animal hair.' },
];

const ofCotton: TariffNode = {
  code: '61091000',
  level: 'cn8',
  description: 'Of cotton',
  leaf: true,
  childCount: 0,
  supplementaryUnit: null,
  validity: { nomenclature: 'CN 2026', from: '2026-01-01', to: '2026-12-31' },
};

/** The nomenclature's reading of the proposal is already known (the BFF's tariff answers are kept for the session). */
function withTariffRead() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(tariffCodeQueryOptions('61091000').queryKey, {
    code: '61091000',
    status: 'leaf',
    node: ofCotton,
    levels: [ofCotton],
    nationalDigits: null,
  });
  return client;
}

describe('the answer of Check this code', () => {
  it('offers the best proposal with its description and takes it into the form once', async () => {
    const onUse = vi.fn();
    const { user } = renderWithMantine(
      <QueryClientProvider client={withTariffRead()}>
        <CodeCheckAnswer shown="6104 62 00" verdict={codeCheckVerdict('61046200', { options })} onUse={onUse} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('6104 62 00 is not among the proposals')).toBeTruthy();
    expect(await screen.findByText(/The service proposes 6109 10 00 Of cotton \(score 8\.4\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use 6109 10 00' }));
    expect(onUse).toHaveBeenCalledExactlyOnceWith('61091000');
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
    expect(screen.getByText('Taken into the form: save the item to send it.')).toBeTruthy();
  });

  it('offers nothing to take when the form cannot change', () => {
    renderWithMantine(
      <QueryClientProvider client={withTariffRead()}>
        <CodeCheckAnswer shown="6104 62 00" verdict={codeCheckVerdict('61046200', { options })} onUse={undefined} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
  });

  it('says where the declared code ranks when it is among the proposals', () => {
    renderWithMantine(
      <QueryClientProvider client={withTariffRead()}>
        <CodeCheckAnswer shown="6109 90 20" verdict={codeCheckVerdict('61099020', { options })} onUse={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('6109 90 20 is among the proposals')).toBeTruthy();
    expect(screen.getByText('The service ranks it 2nd of 2.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
  });
});
