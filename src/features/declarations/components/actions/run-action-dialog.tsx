import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { DeclarationAction } from '../../../../contract/declaration-actions';
import { ProblemAlert } from '../../../../components/problem-alert';

/** The body-less actions: they run from the menu, or from this dialog after a confirmation or failure. */
type RunAction = Extract<DeclarationAction, 'submit' | 'goodsArrived' | 'validate' | 'generateSad'>;

interface RunActionDialogProps {
  action: RunAction;
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
  const { t } = useTranslation('actions');
  const label = t(`names.${action}`);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(`preconditions.${action}`)}
      </Text>
      {review}
      {confirmation && <Text>{confirmation}</Text>}
      {failure !== undefined && failure !== null && (
        <ProblemAlert error={failure} title={t('layout.notSent', { label })} onRetry={sending ? undefined : onRun} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {confirmation ? t('layout.cancel') : t('layout.close')}
        </Button>
        {confirmation && (
          <Button color="red" onClick={onRun} loading={sending}>
            {t(`runYes.${action}`)}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
