import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { changeLanguage } from '../lib/i18n/i18n';
import { renderWithMantine } from '../lib/test-support/render-with-mantine';
import { ConsoleDatesProvider } from './dates-locale';
import { DateField } from './form-fields';
import { ProblemAlert } from './problem-alert';

beforeAll(() => changeLanguage('de'));
afterAll(() => changeLanguage('en'));

const notFound = new ApiError({
  status: 404,
  message: 'Not Found',
  problem: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Keine Zollanmeldung mit dieser Kennung.' },
});

describe('the shared components for a German user', () => {
  it('say that a request failed in German, with the status phrase in German and the detail as the server sent it', async () => {
    const { user } = renderWithMantine(<ProblemAlert error={notFound} onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Die Anfrage ist fehlgeschlagen');
    expect(alert.textContent).toContain('Nicht gefunden (HTTP 404)');
    expect(alert.textContent).toContain('Keine Zollanmeldung mit dieser Kennung.');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  });

  it('say a bare HTTP error and a lost connection in German', () => {
    const gateway = new ApiError({ status: 502, message: 'HTTP 502 Bad Gateway' });
    const lost = new ApiError({ status: 0, message: 'The console could not reach its server. Check the connection and try again.' });
    renderWithMantine(
      <>
        <ProblemAlert error={gateway} />
        <ProblemAlert error={lost} />
      </>,
    );
    const [first, second] = screen.getAllByRole('alert');
    expect(first?.textContent).toContain('Fehlerhaftes Gateway (HTTP 502)');
    expect(second?.textContent).toContain('Die Konsole konnte ihren Server nicht erreichen.');
  });

  it('keep the title of a problem of its own type: only about:blank titles are status phrases', () => {
    const own = new ApiError({
      status: 409,
      message: 'Already decided',
      problem: { type: 'https://console.example/problems/already-decided', title: 'Already decided', status: 409 },
    });
    renderWithMantine(<ProblemAlert error={own} />);
    expect(screen.getByRole('alert').textContent).toContain('Already decided (HTTP 409)');
  });

  it('show the date picker with German month and weekday names and the date in German order', async () => {
    const schema = z.object({ arrival: z.string() });
    function ArrivalForm() {
      const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
        resolver: zodResolver(schema),
        defaultValues: { arrival: '2026-11-04' },
      });
      return <DateField control={form.control} name="arrival" label="Ankunft" />;
    }
    const { user } = renderWithMantine(
      <ConsoleDatesProvider>
        <ArrivalForm />
      </ConsoleDatesProvider>,
    );
    // The German names arrive with their chunk; the field then writes the date the German way.
    expect(await screen.findByText('4. Nov. 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Ankunft/ }));
    expect(await screen.findByText('November 2026')).toBeTruthy();
    for (const day of ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']) expect(screen.getByText(day)).toBeTruthy();
    expect(screen.getByLabelText('Nächster Monat')).toBeTruthy();
  });
});
