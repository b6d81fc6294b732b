import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { PICKER_DATE_FORMAT } from '../../../../lib/format';
import type { DateRangeField, DeclarationFilters } from '../../model/search/search-params';

interface DateRangeFiltersProps {
  draft: DeclarationFilters;
  onChange: (field: DateRangeField, range: [string | null, string | null]) => void;
}

/**
 * The three date ranges behind "More filters". Their own chunk (with Mantine's dates and its
 * styles): the first screen does not download a calendar it does not show.
 */
export default function DateRangeFilters({ draft, onChange }: DateRangeFiltersProps) {
  const { t } = useTranslation('declarations');
  return (['declarationDate', 'creationDate', 'lastUpdated'] as const).map((field) => (
    <DatePickerInput
      key={field}
      type="range"
      label={t(`filters.${field}`)}
      description={t('filters.dateHint')}
      placeholder={t('filters.anyDate')}
      valueFormat={PICKER_DATE_FORMAT}
      value={[draft[`${field}From`] ?? null, draft[`${field}To`] ?? null]}
      onChange={(range) => onChange(field, range)}
      allowSingleDateInRange
      clearable
    />
  ));
}
