import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ClassificationError } from '../components/analyst-only';
import { useCreateItem } from '../api/classification.mutations';
import { AssignedCodesFields } from './assigned-codes-fields';
import { createItemFormSchema, EMPTY_CREATE_FORM, serverFieldErrors, toCreateBody, type CreateItemFormInput, type CreateItemFormValues } from './create-item-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (itemId: string) => void;
}

export function CreateItemModal({ opened, onClose, onCreated }: Props) {
  const form = useForm<CreateItemFormInput, unknown, CreateItemFormValues>({ resolver: zodResolver(createItemFormSchema), defaultValues: EMPTY_CREATE_FORM });
  const create = useCreateItem();
  const { errors } = form.formState;
  const unplaced = serverFieldErrors(create.error);
  const fieldsPlaced = unplaced.fields.length > 0 || unplaced.other.length > 0;

  const close = () => {
    form.reset(EMPTY_CREATE_FORM);
    create.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) =>
    create.mutate(toCreateBody(values), {
      onSuccess: (item) => {
        close();
        onCreated(item.id);
      },
      // RFC 9457 field errors (and a 409 on externalReference) beside their fields, the first one focused.
      onError: (error) => serverFieldErrors(error).fields.forEach(([path, message], i) => form.setError(path, { type: 'server', message }, { shouldFocus: i === 0 })),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="New classification item" size="lg" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="New classification item">
        <Stack gap="sm">
          <TextInput label="External reference" withAsterisk data-autofocus spellCheck={false} {...form.register('externalReference')} error={errors.externalReference?.message} />
          <Textarea label="Description" withAsterisk autosize minRows={2} {...form.register('description')} error={errors.description?.message} />
          <TextInput
            label="Origin"
            description="ISO 3166-1 alpha-2 country code, e.g. DE (optional)"
            maxLength={2}
            w={260}
            {...form.register('origin', { setValueAs: (v: string) => v.trim().toUpperCase() })}
            error={errors.origin?.message}
          />
          <AssignedCodesFields form={form} />
          {create.isError && !fieldsPlaced && <ClassificationError error={create.error} title="The item could not be created" />}
          {unplaced.other.length > 0 && (
            <Alert color="red" title="The service refused the item">
              <List size="sm">
                {unplaced.other.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create item
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
