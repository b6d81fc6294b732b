import { Alert, Button, Stack, Text } from '@mantine/core';
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
  const mayHaveArrived = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
  return (
    <Stack gap="xs">
      <ProblemAlert error={error} title="The shipment was not accepted" />
      {messageType === 'New' && mayHaveArrived && (
        // No Alert title: the yellow title shade is below WCAG AA contrast.
        <Alert color="yellow">
          <Text fw={700}>It may have arrived anyway</Text>
          <Text size="sm">
            The service may have received this New message before the failure. Sending it again then reports a DuplicateShipment instead of
            starting a second flow. Check the declarations search for the external reference first if in doubt.
          </Text>
        </Alert>
      )}
      <Button variant="light" onClick={onRetry} loading={retrying} style={{ alignSelf: 'flex-start' }}>
        Send again
      </Button>
    </Stack>
  );
}
