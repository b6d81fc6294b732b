import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { CommodityCodeFormField } from '../../../../components/commodity-code-field';
import { jurisdictionSchema } from '../../../../contract/classification';
import { codeFormatHint, validationText } from '../../model/classification-wording';
import { JURISDICTIONS } from '../../../../contract/scopes';
import { nextFreeJurisdiction, type CreateItemFormInput, type CreateItemFormValues } from '../../model/create/create-item-form';

/** Jurisdictions whose national tariff is not shipped: their codes are read at the HS subheading. */
const hsOnly = (j: string): boolean => j === 'US' || j === 'CH';

/** Assigned codes can only be given at creation (API-7): at most one per jurisdiction. */
export function AssignedCodesFields({ form }: { form: UseFormReturn<CreateItemFormInput, unknown, CreateItemFormValues> }) {
  const { t } = useTranslation('classification');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'assignedClassifications' });
  const rows = useWatch({ control: form.control, name: 'assignedClassifications' });
  const taken = rows.map((r) => r.jurisdiction);
  const free = nextFreeJurisdiction(taken);
  const errors = form.formState.errors.assignedClassifications;

  return (
    <Fieldset legend={t('codes.legend')}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('codes.intro')}
        </Text>
        {fields.map((field, i) => {
          const jurisdiction = rows[i]?.jurisdiction ?? 'EU';
          return (
            <Group key={field.id} align="flex-start" gap="xs" wrap="wrap">
              <Controller
                control={form.control}
                name={`assignedClassifications.${i}.jurisdiction`}
                render={({ field: f, fieldState }) => (
                  <Select
                    label={t('codes.jurisdiction')}
                    w={120}
                    data={JURISDICTIONS.map((j) => ({ value: j, label: j, disabled: j !== f.value && taken.includes(j) }))}
                    value={f.value}
                    onChange={(v) => {
                      const parsed = jurisdictionSchema.safeParse(v);
                      if (parsed.success) f.onChange(parsed.data);
                    }}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    allowDeselect={false}
                    error={validationText(fieldState.error?.message, t)}
                  />
                )}
              />
              <div style={{ width: 320 }}>
                <CommodityCodeFormField
                  control={form.control}
                  name={`assignedClassifications.${i}.code`}
                  label={t('codes.code')}
                  error={validationText(errors?.[i]?.code?.message, t)}
                  // Only the EU's CN is shipped: UK codes read at their CN line, US and Swiss codes at their HS subheading.
                  readDigits={hsOnly(jurisdiction) ? 6 : 10}
                  requiredLength={hsOnly(jurisdiction) ? 6 : 8}
                  note={
                    hsOnly(jurisdiction)
                      ? t('codes.noteHs', { hint: codeFormatHint(jurisdiction, t) })
                      : `${codeFormatHint(jurisdiction, t)}.`
                  }
                />
              </div>
              <TextInput
                label={t('codes.comment')}
                style={{ flex: 1, minWidth: 160 }}
                {...form.register(`assignedClassifications.${i}.comment`)}
                error={validationText(errors?.[i]?.comment?.message, t)}
              />
              <ActionIcon variant="subtle" color="red" mt={28} aria-label={t('codes.remove', { jurisdiction })} onClick={() => remove(i)}>
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            disabled={!free}
            onClick={() => free && append({ jurisdiction: free, code: '', comment: '' })}
          >
            {t('codes.add')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
