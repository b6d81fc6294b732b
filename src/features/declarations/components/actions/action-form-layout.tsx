import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ProblemAlert } from '../../../../components/problem-alert';
import type { ActionFormState } from '../../model/actions/use-action-form';
import { StillNeeded } from './still-needed';
import { formatDateTime } from '../../../../lib/format';

interface ActionFormLayoutProps<Input extends FieldValues, Output> {
  state: ActionFormState<Input, Output>;
  precondition: string;
  submitLabel: string;
  onCancel: () => void;
  /** What the confirmation says before a destructive send. */
  confirmation?: ReactNode;
  children: ReactNode;
}

/** The frame every action dialog shares: precondition, draft note, fields, outcomes, unmet rules, buttons. */
export function ActionFormLayout<Input extends FieldValues, Output>({
  state,
  precondition,
  submitLabel,
  onCancel,
  confirmation,
  children,
}: ActionFormLayoutProps<Input, Output>) {
  const stillNeededId = useId();
  if (state.confirming)
    return (
      <ConfirmStep state={state} submitLabel={submitLabel}>
        {confirmation}
      </ConfirmStep>
    );
  return (
    <form onSubmit={state.onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {precondition}
        </Text>
        {state.draft.restoredAt && (
          <Alert color="blue" title="Draft restored" data-testid="draft-restored">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Your unsent entries from {formatDateTime(state.draft.restoredAt)} are back.</Text>
              <Button size="xs" variant="default" onClick={state.draft.discard}>
                Discard draft
              </Button>
            </Group>
          </Alert>
        )}
        {children}
        {state.general.length > 0 && (
          <Alert color="red" title="The service refused these values" role="alert">
            <List size="sm">
              {state.general.map((g) => (
                <List.Item key={g}>{g}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {state.failure !== undefined && <ProblemAlert error={state.failure} title={`${submitLabel} was not sent`} onRetry={state.retry} />}
        <StillNeeded id={stillNeededId} rules={state.unmet} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={state.sending} aria-describedby={stillNeededId}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmStep<Input extends FieldValues, Output>({
  state,
  submitLabel,
  children,
}: {
  state: ActionFormState<Input, Output>;
  submitLabel: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form left the screen: the question takes the focus so it is read first.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        Confirm: {submitLabel}
      </Title>
      {children}
      {state.failure !== undefined && <ProblemAlert error={state.failure} title={`${submitLabel} was not sent`} onRetry={state.retry} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={state.cancelConfirm} disabled={state.sending}>
          Back
        </Button>
        <Button color="red" onClick={state.confirmSend} loading={state.sending}>
          Yes, {submitLabel.toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}
