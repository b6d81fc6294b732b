import { Alert, Button, Divider, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import { ProblemAlert } from '../../../components/problem-alert';
import { useCreateSubscription, useDeleteSubscription } from '../api/subscriptions.mutations';
import { emptyFormValues, formValuesFrom } from '../model/subscription-form-model';
import type { LoadedRow } from '../model/use-subscription-rows';
import { Dialog } from './dialog';
import { ReplaceSideBySide } from './replace-side-by-side';
import { RetryTimeline } from './retry-timeline';
import { SubscriptionForm } from './subscription-form';

interface Props {
  /** The subscription to replace; absent: a new one. */
  replacing: LoadedRow | undefined;
  /** A new subscription for a coverage gap: its event type and subtype. */
  prefill?: { eventType: string; eventSubType: string | undefined };
  onClose: () => void;
  onDone: (notice: string) => void;
}

/**
 * Create, or "edit" as a guided replace (API-4: no update operation): the new subscription is
 * created first, then old and new are shown side by side and the old one is deleted only once the
 * user confirms, so no event falls between the two.
 */
export function SubscriptionFormDialog({ replacing, prefill, onClose, onDone }: Props) {
  const create = useCreateSubscription();
  const remove = useDeleteSubscription();
  const [created, setCreated] = useState<{ id: string; body: SubscriptionCreate }>();
  const old = replacing?.detail;

  const deleteOld = async () => {
    if (!replacing || !created) return;
    await remove.mutateAsync(replacing.id).then(
      () => onDone(`Subscription replaced: ${created.id} is active, ${replacing.id} was deleted.`),
      () => undefined /* shown by remove.error; both stay active */,
    );
  };

  const submit = async (body: SubscriptionCreate) => {
    const result = await create.mutateAsync(body);
    if (replacing) setCreated({ id: result.id, body });
    else onDone(`Subscription ${result.id} created.`);
  };

  const defaults = old
    ? formValuesFrom(old)
    : { ...emptyFormValues(), eventType: prefill?.eventType ?? '', eventSubType: prefill?.eventSubType ?? '' };

  return (
    <Dialog onClose={onClose} title={replacing ? 'Replace subscription' : 'New subscription'} size={created ? 'xl' : 'lg'}>
      {created && replacing ? (
        <Stack>
          <ReplaceSideBySide old={replacing} created={created} />
          {remove.isError && <ProblemAlert error={remove.error} title="The old subscription could not be deleted" />}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => onDone(`Subscription ${created.id} created; ${replacing.id} is still active as well.`)}
            >
              Keep both for now
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void deleteOld()}>
              Delete the old subscription
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {replacing && (
            <Alert color="blue" title="Subscriptions cannot be changed">
              Replacing creates a new subscription first; you then see both side by side and delete the old one when you confirm. Until then
              both deliver, so receivers deduplicate on the event id. Secrets (client secret, header values) are masked by the service:
              enter them again.
            </Alert>
          )}
          <SubscriptionForm
            defaultValues={defaults}
            submitLabel={replacing ? 'Create the new subscription' : 'Create subscription'}
            onSubmit={submit}
            onCancel={onClose}
          />
          <Divider />
          <RetryTimeline />
        </Stack>
      )}
    </Dialog>
  );
}
