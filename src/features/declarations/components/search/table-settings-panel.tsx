import { Checkbox, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ALWAYS_SHOWN, normaliseColumns, type Density, type TablePreferences } from '../../model/search/table-preferences';
import { DECLARATION_COLUMNS } from './declaration-columns';

/** The column chooser and density inside the "Columns and density" popover (its own chunk: table-settings.tsx). */
export function TableSettingsPanel({
  preferences,
  onChange,
}: {
  preferences: TablePreferences;
  onChange: (next: TablePreferences) => void;
}) {
  const { t } = useTranslation('declarations');
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={t('settings.columns')}
        value={preferences.columns}
        onChange={(ids) => onChange({ ...preferences, columns: normaliseColumns(ids) })}
      >
        <Stack gap={6} mt={6}>
          {DECLARATION_COLUMNS.map((c) => (
            <Checkbox key={c.id} value={c.id} label={t(`columns.${c.id}`)} size="xs" disabled={ALWAYS_SHOWN.includes(c.id)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="density-label">
          {t('settings.density')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="density-label"
          data={[
            { value: 'comfortable', label: t('settings.comfortable') },
            { value: 'compact', label: t('settings.compact') },
          ]}
          value={preferences.density}
          onChange={(v) => onChange({ ...preferences, density: v === 'compact' ? 'compact' : ('comfortable' satisfies Density) })}
        />
      </Stack>
    </Stack>
  );
}
