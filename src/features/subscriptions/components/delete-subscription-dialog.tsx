import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MESSAGE_TAGS } from '../../../components/message-tags';
import { ProblemAlert } from '../../../components/problem-alert';
import { useDeleteSubscription } from '../api/subscriptions.mutations';
import type { LoadedRow } from '../model/use-subscription-rows';
import { Dialog } from './dialog';

interface Props {
  row: LoadedRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}

export function DeleteSubscriptionDialog({ row, onClose, onDone }: Props) {
  const { t, rich } = useTranslation('subscriptions');
  const remove = useDeleteSubscription();
  // The console's own live-updates subscription: deleting it silently stops live updates, so ask twice.
  const [understood, setUnderstood] = useState(false);
  const type = row.eventType ?? t('remove.unknownType');
  const what = row.eventSubType ? `${type} / ${row.eventSubType}` : type;
  const onDelete = () => remove.mutate(row.id, { onSuccess: () => onDone(t('remove.done', { what })) });
  return (
    <Dialog onClose={onClose} title={t('remove.title')}>
      <Stack>
        <Text>{rich('remove.question', { what, destination: row.destinationUrl ?? row.id }, MESSAGE_TAGS)}</Text>
        {row.live && (
          <Alert color="red" title={t('remove.liveTitle')}>
            {t('remove.liveText', { type: row.eventType })}
            <Checkbox
              mt="sm"
              label={t('remove.understand')}
              checked={understood}
              onChange={(e) => setUnderstood(e.currentTarget.checked)}
            />
          </Alert>
        )}
        {remove.error && <ProblemAlert error={remove.error} title={t('remove.failed')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} disabled={row.live && !understood} onClick={onDelete}>
            {t('remove.title')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
