import { Alert, Button, Divider, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
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
  const { t } = useTranslation('subscriptions');
  const create = useCreateSubscription();
  const remove = useDeleteSubscription();
  const [created, setCreated] = useState<{ id: string; body: SubscriptionCreate }>();
  const old = replacing?.detail;

  const deleteOld = async () => {
    if (!replacing || !created) return;
    await remove.mutateAsync(replacing.id).then(
      () => onDone(t('form.replaced', { created: created.id, old: replacing.id })),
      () => undefined /* shown by remove.error; both stay active */,
    );
  };

  const submit = async (body: SubscriptionCreate) => {
    const result = await create.mutateAsync(body);
    if (replacing) setCreated({ id: result.id, body });
    else onDone(t('form.created', { id: result.id }));
  };

  const defaults = old
    ? formValuesFrom(old)
    : { ...emptyFormValues(), eventType: prefill?.eventType ?? '', eventSubType: prefill?.eventSubType ?? '' };

  return (
    <Dialog onClose={onClose} title={replacing ? t('form.replaceTitle') : t('page.new')} size={created ? 'xl' : 'lg'}>
      {created && replacing ? (
        <Stack>
          <ReplaceSideBySide old={replacing} created={created} />
          {remove.isError && <ProblemAlert error={remove.error} title={t('form.oldNotDeleted')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onDone(t('form.keptBoth', { created: created.id, old: replacing.id }))}>
              {t('form.keepBoth')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void deleteOld()}>
              {t('form.deleteOld')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {replacing && (
            <Alert color="blue" title={t('form.cannotChange')}>
              {t('form.cannotChangeText')}
            </Alert>
          )}
          <SubscriptionForm
            defaultValues={defaults}
            submitLabel={replacing ? t('form.createNew') : t('form.create')}
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
