import { Alert, Button, Checkbox, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
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
  const remove = useDeleteSubscription();
  // The console's own live-updates subscription: deleting it silently stops live updates, so ask twice.
  const [understood, setUnderstood] = useState(false);
  const what = `${row.eventType ?? 'unknown type'}${row.eventSubType ? ` / ${row.eventSubType}` : ''}`;
  const onDelete = () => remove.mutate(row.id, { onSuccess: () => onDone(`Subscription to ${what} deleted.`) });
  return (
    <Dialog onClose={onClose} title="Delete subscription">
      <Stack>
        <Text>
          Delete the subscription to <strong>{what}</strong> delivering to <Code>{row.destinationUrl ?? row.id}</Code>? Events from now on
          are not sent there; pending retries are cancelled.
        </Text>
        {row.live && (
          <Alert color="red" title="This console's live updates use it">
            Deleting it stops live updates of {row.eventType} in every open console until the console's server subscribes again.
            <Checkbox
              mt="sm"
              label="I understand live updates will stop"
              checked={understood}
              onChange={(e) => setUnderstood(e.currentTarget.checked)}
            />
          </Alert>
        )}
        {remove.error && <ProblemAlert error={remove.error} title="The subscription could not be deleted" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} disabled={row.live && !understood} onClick={onDelete}>
            Delete subscription
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
