import { useQuery } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { HeaderFormValues } from '../../model/detail/header-form';
import { Picker } from '../../../../components/picker';

/** The shipped office list is large (1,339 offices): loaded when the header form opens, once. */
const useCustomsOffices = () =>
  useQuery({
    queryKey: ['code-lists', 'customs-offices'],
    queryFn: () => import('../../../../contract/code-lists/customs-offices').then((m) => m.CUSTOMS_OFFICES),
    staleTime: Infinity,
  });

interface Props {
  control: Control<HeaderFormValues>;
  label: string;
  error: string | undefined;
}

/**
 * The declaration office from the customs office list the service checks codes against, so a
 * code the service would refuse cannot be picked. A code already on the declaration that is not
 * in the list (a country outside it) is kept as an option.
 */
export function OfficeSelect({ control, label, error }: Props) {
  const offices = useCustomsOffices();
  return (
    <Controller
      control={control}
      name="declarationOfficeCode"
      render={({ field }) => (
        <OfficeSelectInput
          offices={offices.data}
          loading={offices.isPending}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          error={error}
        />
      )}
    />
  );
}

interface InputProps {
  offices: readonly { code: string; country: string; name: string }[] | undefined;
  loading: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (el: HTMLInputElement | null) => void;
  label: string;
  error: string | undefined;
}

function OfficeSelectInput({ offices, loading, value, onChange, onBlur, inputRef, label, error }: InputProps) {
  const { t } = useTranslation('declaration');
  const options = (offices ?? []).map((o) => ({ value: o.code, label: `${o.code} · ${o.name}` }));
  const data = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Picker
      label={label}
      description={loading ? t('header.officeLoading') : t('header.officeHelp')}
      placeholder={t('header.officePlaceholder')}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      ref={inputRef}
      clearable
      // Few enough to show without a scrolling list (a scroll area the keyboard cannot reach fails axe): typing narrows it.
      limit={7}
      withScrollArea={false}
      maxDropdownHeight={400}
      error={error}
    />
  );
}
