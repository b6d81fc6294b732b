import { ActionIcon, Button, Fieldset, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import type { SubscriptionFormValues } from '../model/subscription-form-model';

type Form = UseFormReturn<SubscriptionFormValues, unknown, SubscriptionCreate>;

/** How the service authenticates toward the receiver: nothing, shared-secret header(s), or OAuth client credentials. */
export function AuthFields({ form }: { form: Form }) {
  const { control, register, formState } = form;
  const auth = useWatch({ control, name: 'auth' });
  const errors = formState.errors;
  return (
    <>
      <Controller
        control={control}
        name="auth"
        render={({ field }) => (
          <Radio.Group {...field} label="Authentication toward the receiver" onChange={(value) => field.onChange(value)}>
            <Group mt="xs">
              <Radio value="none" label="None" />
              <Radio value="header" label="Shared-secret header" />
              <Radio value="oauth" label="OAuth client credentials" />
            </Group>
          </Radio.Group>
        )}
      />
      {auth === 'oauth' && (
        <Fieldset legend="OAuth client credentials">
          <Stack gap="xs">
            <TextInput {...register('accessTokenUrl')} label="Access token URL" withAsterisk error={errors.accessTokenUrl?.message} />
            <TextInput {...register('clientId')} label="Client id" withAsterisk error={errors.clientId?.message} />
            <PasswordInput
              {...register('clientSecret')}
              label="Client secret"
              withAsterisk
              autoComplete="new-password"
              error={errors.clientSecret?.message}
            />
            <TextInput {...register('scope')} label="Scope" error={errors.scope?.message} />
            <TextInput {...register('audience')} label="Audience" error={errors.audience?.message} />
          </Stack>
        </Fieldset>
      )}
      {auth !== 'none' && <HeaderRows form={form} optional={auth === 'oauth'} />}
    </>
  );
}

function HeaderRows({ form, optional }: { form: Form; optional: boolean }) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'headers' });
  const errors = formState.errors.headers;
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <Fieldset legend={optional ? 'Additional headers (optional)' : 'Shared-secret headers'}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Sent with every delivery. The service never shows values again: they read as ******** afterwards.
        </Text>
        {fields.map((f, i) => (
          <Group key={f.id} align="flex-start" wrap="nowrap">
            <TextInput
              {...register(`headers.${i}.name`)}
              label={`Header ${i + 1} name`}
              placeholder="X-Webhook-Secret"
              error={errors?.[i]?.name?.message}
              style={{ flex: 1 }}
            />
            <PasswordInput
              {...register(`headers.${i}.value`)}
              label={`Header ${i + 1} value`}
              autoComplete="new-password"
              error={errors?.[i]?.value?.message}
              style={{ flex: 1 }}
            />
            <ActionIcon variant="subtle" color="red" mt={28} aria-label={`Remove header ${i + 1}`} onClick={() => remove(i)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {listError && (
          <Text c="red" size="sm" role="alert">
            {listError}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" onClick={() => append({ name: '', value: '' })}>
            Add header
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
