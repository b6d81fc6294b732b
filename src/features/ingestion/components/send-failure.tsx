import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../components/problem-alert';
import { ApiError } from '../../../lib/api-client';

/**
 * A failed send, with a manual retry. For messageType New a 5xx or lost connection may still have
 * reached the service: a second New then answers DuplicateShipment instead of a second flow.
 */
export function SendFailure({
  error,
  messageType,
  onRetry,
  retrying,
}: {
  error: unknown;
  messageType: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('ingestion');
  const mayHaveArrived = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
  return (
    <Stack gap="xs">
      <ProblemAlert error={error} title={t('sendFailure.title')} />
      {messageType === 'New' && mayHaveArrived && (
        // No Alert title: the yellow title shade is below WCAG AA contrast.
        <Alert color="yellow">
          <Text fw={700}>{t('sendFailure.mayHaveArrived')}</Text>
          <Text size="sm">{t('sendFailure.mayHaveArrivedText')}</Text>
        </Alert>
      )}
      <Button variant="light" onClick={onRetry} loading={retrying} style={{ alignSelf: 'flex-start' }}>
        {t('sendFailure.sendAgain')}
      </Button>
    </Stack>
  );
}
