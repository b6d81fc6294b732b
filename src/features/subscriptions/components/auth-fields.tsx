import { ActionIcon, Button, Fieldset, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import type { SubscriptionFormValues } from '../model/subscription-form-model';
import { fieldErrorText } from '../model/field-error-text';

/** An example header name, the same in every language. */
const EXAMPLE_HEADER = 'X-Webhook-Secret';

type Form = UseFormReturn<SubscriptionFormValues, unknown, SubscriptionCreate>;

/** How the service authenticates toward the receiver: nothing, shared-secret header(s), or OAuth client credentials. */
export function AuthFields({ form }: { form: Form }) {
  const { t } = useTranslation('subscriptions');
  const { control, register, formState } = form;
  const auth = useWatch({ control, name: 'auth' });
  const errors = formState.errors;
  const error = (message: string | undefined) => fieldErrorText(message, t);
  return (
    <>
      <Controller
        control={control}
        name="auth"
        render={({ field }) => (
          <Radio.Group {...field} label={t('authFields.label')} onChange={(value) => field.onChange(value)}>
            <Group mt="xs">
              <Radio value="none" label={t('auth.none')} />
              <Radio value="header" label={t('authFields.header')} />
              <Radio value="oauth" label={t('auth.oauth')} />
            </Group>
          </Radio.Group>
        )}
      />
      {auth === 'oauth' && (
        <Fieldset legend={t('auth.oauth')}>
          <Stack gap="xs">
            <TextInput
              {...register('accessTokenUrl')}
              label={t('authFields.accessTokenUrl')}
              withAsterisk
              error={error(errors.accessTokenUrl?.message)}
            />
            <TextInput {...register('clientId')} label={t('authFields.clientId')} withAsterisk error={error(errors.clientId?.message)} />
            <PasswordInput
              {...register('clientSecret')}
              label={t('authFields.clientSecret')}
              withAsterisk
              autoComplete="new-password"
              error={error(errors.clientSecret?.message)}
            />
            <TextInput {...register('scope')} label={t('authFields.scope')} error={error(errors.scope?.message)} />
            <TextInput {...register('audience')} label={t('authFields.audience')} error={error(errors.audience?.message)} />
          </Stack>
        </Fieldset>
      )}
      {auth !== 'none' && <HeaderRows form={form} optional={auth === 'oauth'} />}
    </>
  );
}

function HeaderRows({ form, optional }: { form: Form; optional: boolean }) {
  const { t } = useTranslation('subscriptions');
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'headers' });
  const errors = formState.errors.headers;
  const listError = fieldErrorText(errors?.root?.message ?? errors?.message, t);
  return (
    <Fieldset legend={optional ? t('authFields.additionalHeaders') : t('authFields.sharedHeaders')}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('authFields.headersHelp')}
        </Text>
        {fields.map((f, i) => (
          <Group key={f.id} align="flex-start" wrap="nowrap">
            <TextInput
              {...register(`headers.${i}.name`)}
              label={t('authFields.headerName', { n: String(i + 1) })}
              placeholder={EXAMPLE_HEADER}
              error={fieldErrorText(errors?.[i]?.name?.message, t)}
              style={{ flex: 1 }}
            />
            <PasswordInput
              {...register(`headers.${i}.value`)}
              label={t('authFields.headerValue', { n: String(i + 1) })}
              autoComplete="new-password"
              error={fieldErrorText(errors?.[i]?.value?.message, t)}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t('authFields.removeHeader', { n: String(i + 1) })}
              onClick={() => remove(i)}
            >
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
            {t('authFields.addHeader')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
