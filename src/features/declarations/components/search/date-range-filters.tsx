import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { PICKER_DATE_FORMAT } from '../../../../lib/format';
import type { DateRangeField, DeclarationFilters } from '../../model/search/search-params';

const DATE_LABELS: Record<DateRangeField, string> = {
  declarationDate: 'Declaration date',
  creationDate: 'Created',
  lastUpdated: 'Last updated',
};

interface DateRangeFiltersProps {
  draft: DeclarationFilters;
  onChange: (field: DateRangeField, range: [string | null, string | null]) => void;
}

/**
 * The three date ranges behind "More filters". Their own chunk (with Mantine's dates and its
 * styles): the first screen does not download a calendar it does not show.
 */
export default function DateRangeFilters({ draft, onChange }: DateRangeFiltersProps) {
  return (['declarationDate', 'creationDate', 'lastUpdated'] as const).map((field) => (
    <DatePickerInput
      key={field}
      type="range"
      label={DATE_LABELS[field]}
      description="From – to, both days included"
      placeholder="Any date"
      valueFormat={PICKER_DATE_FORMAT}
      value={[draft[`${field}From`] ?? null, draft[`${field}To`] ?? null]}
      onChange={(range) => onChange(field, range)}
      allowSingleDateInRange
      clearable
    />
  ));
}
