import { useTranslation } from '../../../lib/i18n/use-translation';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Role } from '../../../contract/user-claims';
import { ProblemAlert } from '../../../components/problem-alert';
import { ApiError } from '../../../lib/api-client';

/** The BFF allows classification operations to analysts only (contract/operations.ts). */
export const isAnalyst = (roles: readonly Role[]): boolean => roles.includes('analyst');

export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** What a clerk or supervisor sees instead of the workbench (or of a raw 403). */
export function AnalystOnlyNotice() {
  const { t } = useTranslation('classification');
  return (
    <Alert color="gray" icon={<IconLock aria-hidden="true" />} title={t('analystOnly.title')} data-testid="analyst-only">
      <Text>{t('analystOnly.body')}</Text>
    </Alert>
  );
}

/** An API error on a classification page: the analyst notice for a 403, the problem otherwise. */
export function ClassificationError({ error, title, onRetry }: { error: unknown; title: string; onRetry?: () => void }) {
  if (isForbidden(error)) return <AnalystOnlyNotice />;
  return <ProblemAlert error={error} title={title} {...(onRetry ? { onRetry } : {})} />;
}

/** The whole page for a clerk or supervisor: the page heading and the notice. */
export function AnalystOnlyPage() {
  const { t } = useTranslation('classification');
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <AnalystOnlyNotice />
    </Stack>
  );
}
