import { Alert, Button, Stack, Text } from '@mantine/core';
import type { TFunction } from '../lib/i18n/message-keys';
import { useTranslation } from '../lib/i18n/use-translation';
import type { Problem } from '../contract/problem';
import { ApiError } from '../lib/api-client';

/** The statuses whose phrase the catalogs carry (RFC 9110's names). */
const STATUS_TITLES = [
  '400',
  '401',
  '403',
  '404',
  '405',
  '406',
  '408',
  '409',
  '410',
  '412',
  '413',
  '415',
  '422',
  '428',
  '429',
  '500',
  '501',
  '502',
  '503',
  '504',
] as const;
type TitledStatus = (typeof STATUS_TITLES)[number];
const isTitledStatus = (status: string): status is TitledStatus => STATUS_TITLES.some((s) => s === status);

/**
 * The problem's title in the user's language. For an `about:blank` problem RFC 9457 makes the
 * title the status phrase, so other languages show the catalog's phrase for the status. English
 * shows the title as sent: it is the phrase, or a more telling English wording the BFF chose.
 * A problem of its own type keeps its own title.
 */
function problemTitle(problem: Problem, status: number, t: TFunction, language: string): string | undefined {
  const blank = problem.type === undefined || problem.type === 'about:blank';
  const code = String(problem.status ?? status);
  if (!blank || language === 'en' || !isTitledStatus(code)) return problem.title;
  return t(`components.problem.statusTitles.${code}`);
}

const UNEXPECTED_SHAPE = /^The response of (.+) has an unexpected shape\.$/;

/** An error without a problem document in the user's language: the console's own words, or the status phrase for a bare HTTP error. */
function errorText(error: Error, t: TFunction, language: string): string {
  if (!(error instanceof ApiError)) return error.message;
  if (error.status === 0) return t('components.problem.unreachable');
  const request = UNEXPECTED_SHAPE.exec(error.message)?.[1];
  if (request) return t('components.problem.unexpectedShape', { request });
  const code = String(error.status);
  // English keeps the status line as the server sent it ("HTTP 502 Bad Gateway").
  if (language === 'en' || !isTitledStatus(code)) return error.message;
  return t('components.problem.withStatus', { title: t(`components.problem.statusTitles.${code}`), status: error.status });
}

/** An error from the API as the user should see it: the problem's title and detail, and a retry. */
export function ProblemAlert({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const { t, i18n } = useTranslation();
  const problem = error instanceof ApiError ? error.problem : undefined;
  const status = error instanceof ApiError ? error.status : undefined;
  const heading = problem ? problemTitle(problem, status ?? 0, t, i18n.language) : undefined;
  // The detail is the server's (the BFF writes it in the user's language); without a problem, the console's own words.
  // A problem without a detail: English repeats its title as before; other languages have said it in the heading.
  const detail = problem
    ? (problem.detail ?? (i18n.language === 'en' && error instanceof Error ? error.message : undefined))
    : error instanceof Error
      ? errorText(error, t, i18n.language)
      : t('components.problem.unknown');
  return (
    <Alert color="red" title={title ?? t('components.problem.title')} role="alert">
      <Stack gap="xs" align="flex-start">
        {heading && <Text fw={600}>{status ? t('components.problem.withStatus', { title: heading, status }) : heading}</Text>}
        {detail && <Text>{detail}</Text>}
        {onRetry && (
          <Button variant="light" color="red" onClick={onRetry}>
            {t('components.problem.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
