import { useTranslation } from '../../../../lib/i18n/use-translation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { UnsavedChangesGuard } from '../../../../components/unsaved-changes-guard';
import { OriginPicker } from '../origin-picker';
import { applyServerErrors, splitServerErrors } from '../../../../lib/form-errors';
import { toInlineImage } from '../../model/item/image-files';
import { CreateImagesField } from './create-images-field';
import { ClassificationError } from '../analyst-only';
import { useCreateItem } from '../../api/classification.mutations';
import { AssignedCodesFields } from './assigned-codes-fields';
import { validationText } from '../../model/classification-wording';
import {
  createItemFormSchema,
  EMPTY_CREATE_FORM,
  createItemErrorMapping,
  itemServerErrors,
  toCreateBody,
  type CreateItemFormInput,
  type CreateItemFormValues,
} from '../../model/create/create-item-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (itemId: string) => void;
}

export function CreateItemModal({ opened, onClose, onCreated }: Props) {
  const { t } = useTranslation('classification');
  const form = useForm<CreateItemFormInput, unknown, CreateItemFormValues>({
    resolver: zodResolver(createItemFormSchema),
    defaultValues: EMPTY_CREATE_FORM,
  });
  const create = useCreateItem();
  const [files, setFiles] = useState<File[]>([]);
  const [reading, setReading] = useState(false);
  const { errors, isDirty } = form.formState;
  const serverErrors = splitServerErrors(itemServerErrors(create.error), createItemErrorMapping);
  const fieldsPlaced = serverErrors.onFields.length > 0 || serverErrors.general.length > 0;

  const close = () => {
    form.reset(EMPTY_CREATE_FORM);
    setFiles([]);
    create.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setReading(true);
    const images = await Promise.all(files.map(toInlineImage)).finally(() => setReading(false));
    create.mutate(
      { ...toCreateBody(values), images },
      {
        onSuccess: (item) => {
          close();
          onCreated(item.id);
        },
        // RFC 9457 field errors (and a 409 on externalReference) beside their fields, the first one focused.
        onError: (error) => void applyServerErrors(form.setError, itemServerErrors(error), createItemErrorMapping),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={t('create.title')} size="lg" closeButtonProps={{ 'aria-label': t('closeDialog') }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('create.title')}>
        <Stack gap="sm">
          <UnsavedChangesGuard dirty={opened && (isDirty || files.length > 0)} what={t('create.unsavedWhat')} />
          <TextInput
            label={t('create.externalReference')}
            withAsterisk
            data-autofocus
            spellCheck={false}
            {...form.register('externalReference')}
            error={validationText(errors.externalReference?.message, t)}
          />
          <Textarea
            label={t('create.description')}
            description={t('create.descriptionHint')}
            withAsterisk
            autosize
            minRows={2}
            {...form.register('description')}
            error={validationText(errors.description?.message, t)}
          />
          <Controller
            control={form.control}
            name="origin"
            render={({ field }) => (
              <OriginPicker {...field} description={t('create.originHint')} error={validationText(errors.origin?.message, t)} />
            )}
          />
          <CreateImagesField files={files} onChange={setFiles} />
          <AssignedCodesFields form={form} />
          {create.isError && !fieldsPlaced && <ClassificationError error={create.error} title={t('create.failed')} />}
          {serverErrors.general.length > 0 && (
            <Alert color="red" title={t('create.refused')}>
              <List size="sm">
                {serverErrors.general.map((m) => (
                  <List.Item key={m}>{validationText(m, t)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={reading || create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
