import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DECLARATION_ACTIONS, type DeclarationAction } from '../../../../contract/declaration-actions';
import { ProblemAlert } from '../../../../components/problem-alert';

interface RunActionDialogProps {
  action: DeclarationAction;
  /** Set when the action waits for the user's yes (Submit in production). */
  confirmation: string | undefined;
  /** What is checked before it runs (Submit: the declaration's totals, parties and statement). */
  review?: ReactNode;
  sending: boolean;
  failure: unknown;
  onRun: () => void;
  onCancel: () => void;
}

/** A body-less action: the confirmation before it runs, or its failure with Retry. */
export function RunActionDialog({ action, confirmation, review, sending, failure, onRun, onCancel }: RunActionDialogProps) {
  const { label, precondition } = DECLARATION_ACTIONS[action];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {precondition}
      </Text>
      {review}
      {confirmation && <Text>{confirmation}</Text>}
      {failure !== undefined && failure !== null && (
        <ProblemAlert error={failure} title={`${label} was not sent`} onRetry={sending ? undefined : onRun} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {confirmation ? 'Cancel' : 'Close'}
        </Button>
        {confirmation && (
          <Button color="red" onClick={onRun} loading={sending}>
            Yes, {label.toLowerCase()}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
