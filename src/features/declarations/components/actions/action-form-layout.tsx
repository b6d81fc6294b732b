import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../../components/problem-alert';
import type { ActionFormState } from '../../model/actions/use-action-form';
import { StillNeeded } from './still-needed';
import { formatDateTime } from '../../../../lib/format';

interface ActionFormLayoutProps<Input extends FieldValues, Output> {
  state: ActionFormState<Input, Output>;
  precondition: string;
  submitLabel: string;
  onCancel: () => void;
  /** What the confirmation says before a destructive send, and its button ("Yes, invalidate"). */
  confirmation?: ReactNode;
  confirmLabel?: string;
  children: ReactNode;
}

/** The frame every action dialog shares: precondition, draft note, fields, outcomes, unmet rules, buttons. */
export function ActionFormLayout<Input extends FieldValues, Output>({
  state,
  precondition,
  submitLabel,
  onCancel,
  confirmation,
  confirmLabel,
  children,
}: ActionFormLayoutProps<Input, Output>) {
  const { t } = useTranslation('actions');
  const stillNeededId = useId();
  if (state.confirming)
    return (
      <ConfirmStep state={state} submitLabel={submitLabel} confirmLabel={confirmLabel ?? submitLabel}>
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
          <Alert color="blue" title={t('layout.draftRestored')} data-testid="draft-restored">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('layout.draftBack', { time: formatDateTime(state.draft.restoredAt) })}</Text>
              <Button size="xs" variant="default" onClick={state.draft.discard}>
                {t('layout.discardDraft')}
              </Button>
            </Group>
          </Alert>
        )}
        {children}
        {state.general.length > 0 && (
          <Alert color="red" title={t('layout.refused')} role="alert">
            <List size="sm">
              {state.general.map((g) => (
                <List.Item key={g}>{g}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {state.failure !== undefined && (
          <ProblemAlert error={state.failure} title={t('layout.notSent', { label: submitLabel })} onRetry={state.retry} />
        )}
        <StillNeeded id={stillNeededId} rules={state.unmet} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('layout.cancel')}
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
  confirmLabel,
  children,
}: {
  state: ActionFormState<Input, Output>;
  submitLabel: string;
  confirmLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('actions');
  const heading = useRef<HTMLHeadingElement>(null);
  // The form left the screen: the question takes the focus so it is read first.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {t('layout.confirm', { label: submitLabel })}
      </Title>
      {children}
      {state.failure !== undefined && (
        <ProblemAlert error={state.failure} title={t('layout.notSent', { label: submitLabel })} onRetry={state.retry} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={state.cancelConfirm} disabled={state.sending}>
          {t('layout.back')}
        </Button>
        <Button color="red" onClick={state.confirmSend} loading={state.sending}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
