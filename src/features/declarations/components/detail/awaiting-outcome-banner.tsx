import { Alert, Button, Group, Loader, Text } from '@mantine/core';
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
  return (
    <div role="status" aria-live="polite" data-testid="outcome">
      {state.phase === 'awaiting' && (
        <Alert color="blue" variant="light" title="Awaiting outcome…" icon={<Loader size="xs" aria-hidden />}>
          <Text size="sm">
            {state.label} was accepted by the service. {state.note ?? 'Waiting for the new status or errors.'}
          </Text>
        </Alert>
      )}
      {state.phase === 'timedOut' && (
        <Alert color="yellow" variant="light" title="No outcome yet">
          <Group justify="space-between" align="center">
            <Text size="sm">
              {state.label} was accepted, but nothing has changed in {Math.round(AWAITING_TIMEOUT_MS / 1000)} seconds. The service may still
              be working on it.
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={onCheckAgain}>
                Check again
              </Button>
              <Button size="xs" variant="subtle" onClick={onDismiss}>
                Dismiss
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      {state.phase === 'succeeded' && (
        <Alert color="green" variant="light" title={`Now ${state.status}`} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
          <Text size="sm">{state.label} was processed without errors.</Text>
        </Alert>
      )}
      {state.phase === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title={
            state.reason
              ? `${state.label} was refused`
              : `Now ${state.status}, with ${state.errorCount} ${state.errorCount === 1 ? 'error' : 'errors'}`
          }
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={onDismiss}
        >
          <Group justify="space-between" align="center">
            <Text size="sm">{state.reason ?? `${state.label} was processed; the declaration still has errors.`}</Text>
            {state.errorCount > 0 && (
              <Button size="xs" variant="light" color="red" onClick={onShowErrors}>
                Show the errors
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </div>
  );
}
