import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useState, type Ref } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { countryOptions } from '../lib/countries';
import { pickerMatches, singleMatchOf, type PickerOption } from '../lib/picker-match';

export type PickerProps = Omit<SelectProps, 'data' | 'searchable' | 'filter' | 'selectFirstOptionOnChange' | 'inputWrapperOrder'> & {
  data: PickerOption[];
  ref?: Ref<HTMLInputElement>;
};

/** Mantine's filter with the console's order: an exactly typed code first. */
const filter: OptionsFilter = ({ options, search, limit }) =>
  pickerMatches(
    options.flatMap((o): ComboboxItem[] => ('items' in o ? o.items : [o])),
    search,
    limit,
  );

/**
 * THE searchable picker of the console (offices, countries, code lists): Mantine's Select with two
 * habits of a keyboard user's day. When typing leaves one option (or names a code exactly), it is
 * highlighted and Enter picks it. The field's error sits above the input, so the open dropdown
 * below never hides it. A clearable picker is cleared by emptying its text and leaving it, or by its clear button.
 */
export function Picker({ onSearchChange, data, ...props }: PickerProps) {
  const [search, setSearch] = useState('');
  return (
    <Select
      {...props}
      data={data}
      searchable
      filter={filter}
      onSearchChange={(next) => {
        setSearch(next);
        onSearchChange?.(next);
      }}
      onBlur={(event) => {
        // The keyboard way to clear (Mantine's clear button is for the mouse only): empty the text and leave the field.
        if (props.clearable && search === '' && props.value != null) props.onChange?.(null, null);
        props.onBlur?.(event);
      }}
      // Highlighting the match makes Mantine's own Enter pick it (and shows the user that it will).
      selectFirstOptionOnChange={singleMatchOf(data, search) !== undefined}
      inputWrapperOrder={['label', 'description', 'error', 'input']}
    />
  );
}

/** A country by ISO 3166-1 alpha-2 code, searched by code or name: the one country picker of every form. */
export function CountryPicker(props: Omit<PickerProps, 'data'>) {
  const [options] = useState(countryOptions);
  const { t } = useTranslation();
  return <Picker placeholder={t('components.fields.searchCountry')} limit={7} withScrollArea={false} {...props} data={options} />;
}
