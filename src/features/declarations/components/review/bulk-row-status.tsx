import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { BulkRowState } from '../../model/review/bulk-runner';

/** Seconds left until `at`, ticking each second. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** One row's state in a bulk run, in words (colour is never the only signal). */
export function BulkRowStatus({ state }: { state: BulkRowState }) {
  const { t } = useTranslation('review');
  const seconds = useSecondsUntil(state.kind === 'retrying' ? state.retryAt : undefined);
  switch (state.kind) {
    case 'queued':
      return <Text size="sm">{t('row.waiting')}</Text>;
    case 'sending':
      return <Text size="sm">{state.attempt > 1 ? t('row.sendingAttempt', { attempt: state.attempt }) : t('row.sending')}</Text>;
    case 'retrying':
      return (
        <Text size="sm" c="orange.9">
          {t('row.retrying', { status: state.status, seconds })}
        </Text>
      );
    case 'accepted':
      return state.outcome ? (
        <Text size="sm" fw={600}>
          {state.outcome}
        </Text>
      ) : (
        <Text size="sm">{t('row.awaiting')}</Text>
      );
    case 'failed':
      return (
        <Text size="sm" c="red.9">
          {t('row.failed', { detail: state.detail })}
        </Text>
      );
    case 'unsure':
      return (
        <Text size="sm" c="orange.9">
          {t('row.unsure', { detail: state.detail })}
        </Text>
      );
    case 'cancelled':
      return <Text size="sm">{t('row.cancelled')}</Text>;
    case 'held':
      return (
        <Text size="sm" c="blue.9">
          {t('row.held')}
        </Text>
      );
    case 'skipped':
      return (
        <Text size="sm" c="dimmed">
          {t('row.skipped', { reason: state.reason })}
        </Text>
      );
  }
}
