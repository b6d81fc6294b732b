import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Ref } from 'react';
import { CountryPicker } from '../../../components/picker';

export interface OriginFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
}

/** An item's country of origin: '' when there is none (the forms keep strings; the patch turns '' into null). */
export function OriginPicker({
  value,
  onChange,
  onBlur,
  ref,
  description,
  error,
}: OriginFieldProps & { description: string; error: string | undefined }) {
  const { t } = useTranslation('classification');
  return (
    <CountryPicker
      label={t('origin')}
      description={description}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      ref={ref}
      clearable
      w={320}
      error={error}
    />
  );
}
