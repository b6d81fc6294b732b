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
    <Modal opened={opened} onClose={close} title="New classification item" size="lg" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="New classification item">
        <Stack gap="sm">
          <UnsavedChangesGuard dirty={opened && (isDirty || files.length > 0)} what="entries in this new item" />
          <TextInput
            label="External reference"
            withAsterisk
            data-autofocus
            spellCheck={false}
            {...form.register('externalReference')}
            error={errors.externalReference?.message}
          />
          <Textarea
            label="Description"
            description="Be precise: what the goods are, their material, what they are used for and who they are for (e.g. “men’s knitted cotton T-shirt”, not “top”). Precise descriptions give better codes."
            withAsterisk
            autosize
            minRows={2}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <Controller
            control={form.control}
            name="origin"
            render={({ field }) => <OriginPicker {...field} description="Country of origin (optional)" error={errors.origin?.message} />}
          />
          <CreateImagesField files={files} onChange={setFiles} />
          <AssignedCodesFields form={form} />
          {create.isError && !fieldsPlaced && <ClassificationError error={create.error} title="The item could not be created" />}
          {serverErrors.general.length > 0 && (
            <Alert color="red" title="The service refused the item">
              <List size="sm">
                {serverErrors.general.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={reading || create.isPending}>
              Create item
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
