import { Button, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { zodResolver } from '@hookform/resolvers/zod';
import { SLA_TARGET_LABELS, slaTargetsSchema, type SlaTargets } from '../../../contract/sla-targets';
import { formatQuantity } from '../../../lib/format';
import { ProblemAlert } from '../../../components/problem-alert';
import { useSaveSlaTargets } from '../api/dashboard.queries';

const KEYS = Object.keys(SLA_TARGET_LABELS).filter((k): k is keyof SlaTargets => k in SLA_TARGET_LABELS);

/** Supervisors set the team's service-level targets (minutes); the dashboard counts breaches against them. */
export function SlaTargetsForm({ targets, editable }: { targets: SlaTargets; editable: boolean }) {
  const { t } = useTranslation('dashboard');
  const save = useSaveSlaTargets();
  const form = useForm<SlaTargets>({ resolver: zodResolver(slaTargetsSchema), defaultValues: targets, shouldFocusError: true });
  if (!editable)
    return (
      <Text size="sm">
        {KEYS.map((k) => t('targets.value', { target: t(`targets.${k}`), minutes: formatQuantity(targets[k]) })).join(' · ')}
      </Text>
    );
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {KEYS.map((k) => (
          <Controller
            key={k}
            control={form.control}
            name={k}
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('targets.input', { target: t(`targets.${k}`) })}
                min={1}
                allowDecimal={false}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </SimpleGrid>
      {save.isError && <ProblemAlert error={save.error} title={t('targets.saveFailed')} />}
      <Group mt="sm">
        <Button type="submit" loading={save.isPending}>
          {t('targets.save')}
        </Button>
        {save.isSuccess && !form.formState.isDirty && <Text size="sm">{t('targets.saved')}</Text>}
      </Group>
    </form>
  );
}
