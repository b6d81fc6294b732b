import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, loadNamespaces } from './i18n';
import { useTranslation } from './use-translation';

function RadarTitle() {
  const { t } = useTranslation('radar');
  return (
    <label>
      {t('page.title')}
      <input />
    </label>
  );
}

/** The delete question: the subject in bold and the URL as code, wherever the language puts them. */
function DeleteQuestion() {
  const { rich } = useTranslation('subscriptions');
  return (
    <p data-testid="question">
      {rich(
        'remove.question',
        { what: 'DeclarationStatusChanged', destination: 'https://erp.example/hook' },
        { b: (chunks) => <strong>{chunks}</strong>, code: (chunks) => <code>{chunks}</code> },
      )}
    </p>
  );
}

function Bell() {
  const { t, ready } = useTranslation('events', { useSuspense: false });
  return <p>{ready ? t('page.unseen', { count: 2, shown: '2' }) : 'waiting'}</p>;
}

// One translation state per test file: these run in order on it (English, common and shell loaded by the set-up).
describe('useTranslation', () => {
  it('suspends until its namespace is loaded, then renders its messages', async () => {
    const fallbacks: string[] = [];
    function Waiting() {
      fallbacks.push('shown');
      return <p>loading</p>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<Waiting />}>
          <RadarTitle />
        </Suspense>,
      );
    });
    // The same download the component waits for (one per language and namespace); React renders it once it is there.
    await act(() => loadNamespaces('radar'));
    expect(fallbacks).not.toHaveLength(0);
    expect(screen.getByLabelText('Radar')).toBeDefined();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('switches language in place: the page keeps what was typed', async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <RadarTitle />
      </Suspense>,
    );
    fireEvent.change(await screen.findByLabelText('Radar'), { target: { value: 'typed' } });
    await act(() => changeLanguage('de'));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Fristenradar').value).toBe('typed');
    expect(document.documentElement.lang).toBe('de');
  });

  it('renders a message’s tags as the component says, with the words each language puts in them', async () => {
    await act(() => loadNamespaces('subscriptions'));
    render(<DeleteQuestion />);
    const question = await screen.findByTestId('question');
    // German (from the test above): the verb comes last, the emphasis stays on the subscription and its URL.
    expect(question.querySelector('strong')?.textContent).toBe('DeclarationStatusChanged');
    expect(question.querySelector('code')?.textContent).toBe('https://erp.example/hook');
    expect(question.textContent).toMatch(
      /^Das Abonnement auf DeclarationStatusChanged mit Zustellung an https:\/\/erp\.example\/hook löschen\?/,
    );
  });

  it('without suspense, is not ready until the catalog is there, then renders', async () => {
    render(<Bell />);
    expect(screen.getByText('waiting')).toBeDefined();
    expect(await screen.findByText(/^2 neue Ereignisse/)).toBeDefined();
  });
});
