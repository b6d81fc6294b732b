import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import { ProblemAlert } from '../../../components/problem-alert';
import { useCreateSubscription, useDeleteSubscription } from '../api/subscriptions.mutations';
import { emptyFormValues, formValuesFrom } from '../subscription-form-model';
import type { LoadedRow } from '../use-subscription-rows';
import { Dialog } from './dialog';
import { SubscriptionForm } from './subscription-form';

interface Props {
  /** The subscription to replace; absent: a new one. */
  replacing: LoadedRow | undefined;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/**
 * Create, or "edit" as a guided replace (API-4: no update operation): create the new
 * subscription first, then delete the old one, so no event falls between the two.
 */
export function SubscriptionFormDialog({ replacing, onClose, onDone }: Props) {
  const create = useCreateSubscription();
  const remove = useDeleteSubscription();
  const [stranded, setStranded] = useState<{ newId: string; error: unknown }>();
  const old = replacing?.detail;

  const deleteOld = async (newId: string) => {
    if (!replacing) return;
    try {
      await remove.mutateAsync(replacing.id);
      setStranded(undefined);
      onDone(`Subscription replaced: ${newId} is active, ${replacing.id} was deleted.`);
    } catch (error) {
      setStranded({ newId, error });
    }
  };

  const submit = async (body: SubscriptionCreate) => {
    const created = await create.mutateAsync(body);
    if (replacing) await deleteOld(created.id);
    else onDone(`Subscription ${created.id} created.`);
  };

  return (
    <Dialog onClose={onClose} title={replacing ? 'Replace subscription' : 'New subscription'} size="lg">
      {stranded && replacing ? (
        <Stack>
          <ProblemAlert error={stranded.error} title="The old subscription could not be deleted" />
          <Text>
            The new subscription {stranded.newId} is active, and the old one {replacing.id} is <strong>still active</strong> too: both deliver until the old one is
            deleted.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep both for now
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void deleteOld(stranded.newId)}>
              Retry deleting the old one
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {replacing && (
            <Alert color="blue" title="Subscriptions cannot be changed">
              Replacing creates a new subscription, then deletes the old one. For a moment both deliver, so receivers deduplicate on the event id. Secrets
              (client secret, header values) are masked by the service: enter them again.
            </Alert>
          )}
          <SubscriptionForm
            defaultValues={old ? formValuesFrom(old) : emptyFormValues()}
            submitLabel={replacing ? 'Create new and delete old' : 'Create subscription'}
            onSubmit={submit}
            onCancel={onClose}
          />
        </Stack>
      )}
    </Dialog>
  );
}
