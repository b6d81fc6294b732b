import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { AWAITING_TIMEOUT_MS, type AwaitingState } from '../../model/detail/awaiting-outcome';

interface Props {
  state: AwaitingState;
  onCheckAgain: () => void;
  onDismiss: () => void;
  onShowErrors: () => void;
}

/**
 * The outcome of the last write, in a live region so screen readers hear it arrive. No toast:
 * the outcome belongs to this declaration and stays until dismissed.
 */
export function AwaitingOutcomeBanner({ state, onCheckAgain, onDismiss, onShowErrors }: Props) {
  const { t } = useTranslation('declaration');
  return (
    <div role="status" aria-live="polite" data-testid="outcome">
      {state.phase === 'awaiting' && (
        <Alert color="blue" variant="light" title={t('outcome.awaitingTitle')} icon={<Loader size="xs" aria-hidden />}>
          <Text size="sm">
            {t('outcome.accepted', { label: state.label })}{' '}
            {state.inProgress ? t('outcome.nowWaiting', { status: state.inProgress }) : t('outcome.waiting')}
          </Text>
        </Alert>
      )}
      {state.phase === 'timedOut' && (
        <Alert color="yellow" variant="light" title={t('outcome.noOutcomeTitle')}>
          <Group justify="space-between" align="center">
            <Text size="sm">{t('outcome.noOutcome', { label: state.label, seconds: Math.round(AWAITING_TIMEOUT_MS / 1000) })}</Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={onCheckAgain}>
                {t('outcome.checkAgain')}
              </Button>
              <Button size="xs" variant="subtle" onClick={onDismiss}>
                {t('outcome.dismiss')}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      {state.phase === 'succeeded' && (
        <Alert
          color="green"
          variant="light"
          title={t('outcome.now', { status: state.status })}
          withCloseButton
          closeButtonLabel={t('outcome.dismiss')}
          onClose={onDismiss}
        >
          <Text size="sm">{t('outcome.processed', { label: state.label })}</Text>
        </Alert>
      )}
      {state.phase === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title={
            state.reason
              ? t('outcome.refused', { label: state.label })
              : t('outcome.nowWithErrors', { status: state.status, count: state.errorCount })
          }
          withCloseButton
          closeButtonLabel={t('outcome.dismiss')}
          onClose={onDismiss}
        >
          <Group justify="space-between" align="center">
            <Text size="sm">{state.reason ?? t('outcome.stillErrors', { label: state.label })}</Text>
            {state.errorCount > 0 && (
              <Button size="xs" variant="light" color="red" onClick={onShowErrors}>
                {t('outcome.showErrors')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </div>
  );
}
