import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Select, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ALERT_CHANNELS, newAlertRuleSchema, type NewAlertRule } from '../../../contract/alerts';
import { ROLES } from '../../../contract/user-claims';
import { ProblemAlert } from '../../../components/problem-alert';
import { useCreateAlertRule } from '../api/notifications.mutations';
import { CHANNEL_LABELS, EMPTY_RULE, EVENT_TYPE_OPTIONS, subTypeSuggestions, type RuleFormValues } from '../model/rule-form';

/** A new alert rule: for the user, or (supervisors) for a role of the team. */
export function AlertRuleForm({ supervisor }: { supervisor: boolean }) {
  const create = useCreateAlertRule();
  const [failure, setFailure] = useState<unknown>();
  const { control, register, handleSubmit, formState, reset, setValue } = useForm<RuleFormValues, unknown, NewAlertRule>({
    resolver: zodResolver(newAlertRuleSchema),
    defaultValues: EMPTY_RULE,
    mode: 'onTouched',
  });
  const errors = formState.errors;
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
          New rule
        </Title>
        <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
        <Controller
          control={control}
          name="eventType"
          render={({ field }) => (
            <Select
              label="Event"
              withAsterisk
              data={[...EVENT_TYPE_OPTIONS]}
              value={field.value}
              onChange={(v) => {
                field.onChange(v ?? '');
                setValue('eventSubTypes', []);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.eventType?.message}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={control}
          name="eventSubTypes"
          render={({ field }) => (
            <TagsInput
              label="Subtypes"
              description="Empty: any subtype. For status changes, the statuses (e.g. Invalid, CustomsError)."
              data={subTypeSuggestions(eventType)}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.eventSubTypes?.message}
            />
          )}
        />
        <Group grow>
          <TextInput label="Customs flow" description="Empty: any" {...register('customsFlow')} error={errors.customsFlow?.message} />
          <TextInput label="Jurisdiction" description="Empty: any" {...register('jurisdiction')} error={errors.jurisdiction?.message} />
        </Group>
        {supervisor && (
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <Select
                label="Who is alerted"
                data={[
                  { value: 'personal', label: 'Me' },
                  ...ROLES.map((r) => ({ value: `role:${r}`, label: `Every ${r} (team rule)` })),
                  { value: 'owner', label: 'The declaration’s owner (team rule)' },
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
            label="Only my declarations"
            description="Declarations assigned to me (My work)"
            {...register('mineOnly')}
            error={errors.mineOnly?.message}
          />
        )}
        <Controller
          control={control}
          name="channels"
          render={({ field }) => (
            <Checkbox.Group label="Channels" withAsterisk value={field.value} onChange={field.onChange} error={errors.channels?.message}>
              <Group mt={4}>
                {ALERT_CHANNELS.map((c) => (
                  <Checkbox key={c} value={c} label={CHANNEL_LABELS[c]} ref={c === 'console' ? field.ref : undefined} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        {channels.includes('email') && (
          <Checkbox
            label="E-mail once a day (daily digest)"
            description="One e-mail after the day ends listing its alerts, instead of one per alert"
            {...register('digest')}
            error={errors.digest?.message}
          />
        )}
        {(channels.includes('teams') || channels.includes('slack')) && (
          <TextInput
            label="Incoming webhook URL"
            description="HTTPS (plain HTTP only to localhost)"
            withAsterisk
            {...register('webhookUrl')}
            error={errors.webhookUrl?.message}
          />
        )}
        {scope === 'team' && errors.recipient?.message && (
          <ProblemAlert error={new Error(errors.recipient.message)} title="Who is alerted" />
        )}
        {failure !== undefined && <ProblemAlert error={failure} title="The rule was not saved" />}
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            Add rule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
