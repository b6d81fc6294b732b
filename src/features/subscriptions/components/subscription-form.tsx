import { Alert, Autocomplete, Button, Group, List, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import { ProblemAlert } from '../../../components/problem-alert';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { KNOWN_TYPES, knownTypeOf, subtypeSuggestions } from '../model/event-types';
import { fieldErrorText } from '../model/field-error-text';
import { subscriptionErrorMapping, subscriptionResolver, type SubscriptionFormValues } from '../model/subscription-form-model';
import { AuthFields } from './auth-fields';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';

interface Props {
  defaultValues: SubscriptionFormValues;
  submitLabel: string;
  /** Sends the body; a 400 with invalid-parameters lands on the fields, anything else above the buttons. */
  onSubmit: (body: SubscriptionCreate) => Promise<void>;
  onCancel: () => void;
}

/** An example address, the same in every language. */
const EXAMPLE_URL = 'https://hooks.example.com/customs';

export function SubscriptionForm({ defaultValues, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('subscriptions');
  const form = useForm<SubscriptionFormValues, unknown, SubscriptionCreate>({
    defaultValues,
    resolver: subscriptionResolver,
    shouldFocusError: false,
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const [failure, setFailure] = useState<unknown>();
  const [general, setGeneral] = useState<string[]>([]);
  const eventType = useWatch({ control, name: 'eventType' });
  const suggestions = subtypeSuggestions(eventType);
  // Focus the first invalid control in screen order once the errors have rendered (they may land a
  // render after the submit): react-hook-form's own focusing misses the Autocomplete inputs.
  const formRef = useRef<HTMLFormElement>(null);
  const handledRequest = useRef(0);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === handledRequest.current) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    handledRequest.current = focusRequest;
    invalid.focus();
  });
  const focusFirstError = () => setFocusRequest((n) => n + 1);

  const eventTypeHelp = (value: string) => {
    const known = knownTypeOf(value);
    return known ? t(`eventTypes.${known}`) : t('form.eventTypeHelp');
  };

  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    setGeneral([]);
    try {
      await onSubmit(body);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400 || Object.keys(e.fieldErrors).length === 0) {
        setFailure(e);
        return;
      }
      setGeneral(applyServerErrors(setError, e.fieldErrors, subscriptionErrorMapping));
      focusFirstError();
    }
  }, focusFirstError);

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <UnsavedChangesGuard dirty={formState.isDirty && !formState.isSubmitSuccessful} what={t('form.entries')} />
        <Controller
          control={control}
          name="eventType"
          render={({ field, fieldState }) => (
            <Autocomplete
              {...field}
              label={t('eventType')}
              withAsterisk
              data={KNOWN_TYPES}
              description={eventTypeHelp(field.value)}
              error={fieldErrorText(fieldState.error?.message, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="eventSubType"
          render={({ field, fieldState }) => (
            <Autocomplete
              {...field}
              label={t('subtype')}
              data={[...suggestions]}
              placeholder={t('form.allSubtypes')}
              description={suggestions.length > 0 ? t('form.subtypeHelpKnown', { known: suggestions.join(', ') }) : t('form.subtypeHelp')}
              error={fieldErrorText(fieldState.error?.message, t)}
            />
          )}
        />
        <TextInput
          {...register('destinationUrl')}
          label={t('destinationUrl')}
          withAsterisk
          placeholder={EXAMPLE_URL}
          description={t('form.destinationHelp')}
          error={fieldErrorText(formState.errors.destinationUrl?.message, t)}
        />
        <AuthFields form={form} />
        {general.length > 0 && (
          <Alert color="red" title={t('form.refused')} role="alert">
            <List size="sm">
              {general.map((g) => (
                <List.Item key={g}>{g}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {failure !== undefined && <ProblemAlert error={failure} title={t('form.notCreated')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
