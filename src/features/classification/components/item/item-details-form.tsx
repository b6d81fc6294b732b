import { useTranslation } from '../../../../lib/i18n/use-translation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CLASSIFICATION_LIMITS, externalReferenceSchema, originSchema, type ClassificationItem } from '../../../../contract/classification';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors, type ServerErrorMapping } from '../../../../lib/form-errors';
import { usePatchItem } from '../../api/classification.mutations';
import { ClassificationError } from '../analyst-only';
import { OriginPicker } from '../origin-picker';
import { itemServerErrors } from '../../model/create/create-item-form';
import { editValuesOf, toMergePatch, type ItemEditValues } from '../../model/item/merge-patch';
import { UnsavedChangesGuard } from '../../../../components/unsaved-changes-guard';
import { validationText } from '../../model/classification-wording';

const editSchema = z.object({
  externalReference: externalReferenceSchema,
  description: z.string().max(CLASSIFICATION_LIMITS.descriptionMaxLength),
  origin: z.union([z.literal(''), originSchema]),
});
const FIELDS = ['externalReference', 'description', 'origin'] as const;
const EDIT_ERROR_MAPPING: ServerErrorMapping<(typeof FIELDS)[number]> = {
  fieldOf: (path) => FIELDS.find((f) => f === path),
  orderOf: (f) => FIELDS.indexOf(f),
};

/** Description, origin and external reference, saved as a merge patch of what changed. */
export function ItemDetailsForm({ item }: { item: ClassificationItem }) {
  const { t } = useTranslation('classification');
  const initial = editValuesOf(item);
  const form = useForm<ItemEditValues>({ resolver: zodResolver(editSchema), values: initial });
  // `values` (compared deeply) resets the form whenever the service's item changes, e.g. after a save.
  const patch = usePatchItem(item.id);
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) => {
    const body = toMergePatch(initial, values);
    if (Object.keys(body).length === 0) return;
    patch.mutate(body, { onError: (error) => void applyServerErrors(form.setError, itemServerErrors(error), EDIT_ERROR_MAPPING) });
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="item-details-heading">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <UnsavedChangesGuard dirty={isDirty} what={t('details.unsavedWhat')} />
          <Title order={2} size="h3" id="item-details-heading">
            {t('details.title')}
          </Title>
          <TextInput
            label={t('details.externalReference')}
            withAsterisk
            spellCheck={false}
            {...form.register('externalReference')}
            error={validationText(errors.externalReference?.message, t)}
          />
          <Textarea
            label={t('details.description')}
            description={t('details.descriptionHint')}
            autosize
            minRows={2}
            {...form.register('description')}
            error={validationText(errors.description?.message, t)}
          />
          <Controller
            control={form.control}
            name="origin"
            render={({ field }) => (
              <OriginPicker {...field} description={t('details.originHint')} error={validationText(errors.origin?.message, t)} />
            )}
          />
          {patch.isError &&
            !(patch.error instanceof ApiError && (patch.error.status === 409 || Object.keys(patch.error.fieldErrors).length > 0)) && (
              <ClassificationError error={patch.error} title={t('details.saveFailed')} />
            )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" role="status">
              {patch.isSuccess && !isDirty ? t('details.saved') : ''}
            </Text>
            <Group gap="xs">
              <Button variant="default" disabled={!isDirty} onClick={() => form.reset(initial)}>
                {t('details.discard')}
              </Button>
              <Button type="submit" disabled={!isDirty} loading={patch.isPending}>
                {t('details.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
