import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Select, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ALERT_CHANNELS, newAlertRuleSchema, type NewAlertRule } from '../../../contract/alerts';
import { ROLES } from '../../../contract/user-claims';
import { ProblemAlert } from '../../../components/problem-alert';
import { useCreateAlertRule } from '../api/notifications.mutations';
import { EMPTY_RULE, eventTypeOptions, subTypeSuggestions, type RuleFormValues } from '../model/rule-form';
import { ruleErrorText } from '../model/rule-errors';

/** A new alert rule: for the user, or (supervisors) for a role of the team. */
export function AlertRuleForm({ supervisor }: { supervisor: boolean }) {
  const { t } = useTranslation('notifications');
  const create = useCreateAlertRule();
  const [failure, setFailure] = useState<unknown>();
  const { control, register, handleSubmit, formState, reset, setValue } = useForm<RuleFormValues, unknown, NewAlertRule>({
    resolver: zodResolver(newAlertRuleSchema),
    defaultValues: EMPTY_RULE,
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const error = (message: string | undefined) => ruleErrorText(message, t);
  const [eventType, channels, scope, recipient] = useWatch({ control, name: ['eventType', 'channels', 'scope', 'recipient'] });
  const recipientRole = recipient?.kind === 'role' ? recipient.role : '';

  const save = handleSubmit(async (rule) => {
    setFailure(undefined);
    try {
      await create.mutateAsync(rule);
      reset(EMPTY_RULE);
    } catch (e) {
      setFailure(e);
    }
  });

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-labelledby="new-rule-heading">
      <Stack gap="sm" maw={640}>
        <Title order={3} id="new-rule-heading">
          {t('form.heading')}
        </Title>
        <TextInput label={t('form.name')} withAsterisk {...register('name')} error={error(errors.name?.message)} />
        <Controller
          control={control}
          name="eventType"
          render={({ field }) => (
            <Select
              label={t('form.event')}
              withAsterisk
              data={eventTypeOptions(supervisor)}
              value={field.value}
              onChange={(v) => {
                field.onChange(v ?? '');
                setValue('eventSubTypes', []);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={error(errors.eventType?.message)}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={control}
          name="eventSubTypes"
          render={({ field }) => (
            <TagsInput
              label={t('form.subtypes')}
              description={t('form.subtypesHelp')}
              data={subTypeSuggestions(eventType)}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={error(errors.eventSubTypes?.message)}
            />
          )}
        />
        <Group grow>
          <TextInput
            label={t('form.customsFlow')}
            description={t('form.emptyAny')}
            {...register('customsFlow')}
            error={error(errors.customsFlow?.message)}
          />
          <TextInput
            label={t('form.jurisdiction')}
            description={t('form.emptyAny')}
            {...register('jurisdiction')}
            error={error(errors.jurisdiction?.message)}
          />
        </Group>
        {supervisor && (
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <Select
                label={t('form.who')}
                data={[
                  { value: 'personal', label: t('form.me') },
                  ...ROLES.map((r) => ({ value: `role:${r}`, label: t(`form.teamRole.${r}`) })),
                  { value: 'owner', label: t('form.teamOwner') },
                ]}
                value={field.value === 'team' ? (recipient?.kind === 'owner' ? 'owner' : `role:${recipientRole}`) : 'personal'}
                onChange={(v) => {
                  const role = ROLES.find((r) => v === `role:${r}`);
                  if (role || v === 'owner') {
                    field.onChange('team');
                    setValue('recipient', role ? { kind: 'role', role } : { kind: 'owner' });
                    setValue('mineOnly', false);
                  } else {
                    field.onChange('personal');
                    setValue('recipient', undefined);
                  }
                }}
                ref={field.ref}
                allowDeselect={false}
              />
            )}
          />
        )}
        {scope !== 'team' && (
          <Checkbox
            label={t('form.mineOnly')}
            description={t('form.mineOnlyHelp')}
            {...register('mineOnly')}
            error={error(errors.mineOnly?.message)}
          />
        )}
        <Controller
          control={control}
          name="channels"
          render={({ field }) => (
            <Checkbox.Group
              label={t('form.channels')}
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              error={error(errors.channels?.message)}
            >
              <Group mt={4}>
                {ALERT_CHANNELS.map((c) => (
                  <Checkbox key={c} value={c} label={t(`channels.${c}`)} ref={c === 'console' ? field.ref : undefined} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        {channels.includes('email') && (
          <Checkbox
            label={t('form.digest')}
            description={t('form.digestHelp')}
            {...register('digest')}
            error={error(errors.digest?.message)}
          />
        )}
        {(channels.includes('teams') || channels.includes('slack')) && (
          <TextInput
            label={t('form.webhookUrl')}
            description={t('form.webhookUrlHelp')}
            withAsterisk
            {...register('webhookUrl')}
            error={error(errors.webhookUrl?.message)}
          />
        )}
        {scope === 'team' && errors.recipient?.message && (
          <ProblemAlert error={new Error(error(errors.recipient.message))} title={t('form.who')} />
        )}
        {failure !== undefined && <ProblemAlert error={failure} title={t('form.saveFailed')} />}
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            {t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
