import { useTranslation } from '../lib/i18n/use-translation';
import { Alert } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';
import { ProblemAlert } from './problem-alert';

/** What a classification run costs, shown before the user spends it. */
export function RunCreditNotice() {
  const { t } = useTranslation('classificationShared');
  return (
    <Alert color="blue" variant="light" icon={<IconCoin aria-hidden="true" />} title={t('credit.title')}>
      {t('credit.body')}
    </Alert>
  );
}

/** 402 from the service: the tenant has no classification credits left. */
export const isOutOfCredits = (error: unknown): boolean => error instanceof ApiError && error.status === 402;

/** Why a run could not be started: no credits left said plainly, anything else as the problem the service answered. */
export function RunStartFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('classificationShared');
  if (isOutOfCredits(error))
    return (
      <Alert color="red" title={t('credit.noCreditsTitle')} role="alert">
        {t('credit.noCreditsBody')}
      </Alert>
    );
  return <ProblemAlert error={error} title={t('credit.startFailed')} />;
}
