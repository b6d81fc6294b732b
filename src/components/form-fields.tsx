import { Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { CodeMeaning } from '../contract/code-lists/emcs';
import { LANGUAGES } from '../contract/code-lists/emcs';
import { usePickerWording } from './dates-locale';
import { Picker } from './picker';
import { formatCodeMeaning } from '../lib/format';
import { ambiguityOf, numberText, typedNumber } from '../lib/numbers/number-text';

/**
 * The one set of react-hook-form adapters for Mantine inputs. Each keeps the form value in the
 * body's type (a blank is undefined, never '' or null) and passes the field's ref, so
 * react-hook-form can focus the first error (see lib/form-errors.ts).
 */
interface FieldProps<T extends FieldValues, O> {
  /** O: the validated body the form submits (the schema's output). */
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  required?: boolean;
}

/** What every adapter passes to its Mantine input: name, ref, label, asterisk, blur and error. */
function useMantineField<T extends FieldValues, O>({ control, name, label, description, required }: FieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const props = {
    ref: field.ref,
    name: field.name,
    label,
    description,
    withAsterisk: required,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
  return { props, value: field.value as unknown, onChange: field.onChange };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const blankToUndefined = (v: string): string | undefined => (v === '' ? undefined : v);

export function TextField<T extends FieldValues, O>({
  maxLength,
  readOnly,
  ...field
}: FieldProps<T, O> & { maxLength?: number; readOnly?: boolean }) {
  const { props, value, onChange } = useMantineField(field);
  return (
    <TextInput
      {...props}
      maxLength={maxLength}
      readOnly={readOnly}
      value={text(value)}
      onChange={(e) => onChange(blankToUndefined(e.currentTarget.value))}
    />
  );
}

export function TextAreaField<T extends FieldValues, O>({ maxLength, ...field }: FieldProps<T, O> & { maxLength?: number }) {
  const { props, value, onChange } = useMantineField(field);
  return (
    <Textarea
      {...props}
      maxLength={maxLength}
      autosize
      minRows={2}
      value={text(value)}
      onChange={(e) => onChange(blankToUndefined(e.currentTarget.value))}
    />
  );
}

/** Picker options that show the code and what it means. */
const codeOptions = (list: readonly CodeMeaning[]): { value: string; label: string }[] =>
  list.map((c) => ({ value: c.code, label: formatCodeMeaning(c) }));

/** A code picker showing code and meaning; `numeric` stores the code as an int (Change Destination's codes). */
export function CodeSelectField<T extends FieldValues, O>({
  codes,
  numeric,
  placeholder,
  ...field
}: FieldProps<T, O> & { codes: readonly CodeMeaning[]; numeric?: boolean; placeholder?: string }) {
  const { props, value, onChange } = useMantineField(field);
  const { t } = useTranslation();
  return (
    <Picker
      {...props}
      placeholder={placeholder ?? t('components.fields.pickCode')}
      data={codeOptions(codes)}
      clearable={!field.required}
      value={typeof value === 'number' ? String(value) : typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v === null ? undefined : numeric ? Number(v) : v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function LanguageField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  const { t } = useTranslation();
  return <CodeSelectField {...props} codes={LANGUAGES} placeholder={t('components.fields.pickLanguage')} />;
}

/** Mantine gives a string while the number is being typed ("12."); the schema judges it. */
/**
 * A number typed as the user writes it, read by the one number reader (src/lib/numbers): a value
 * that reads two ways ("1.250" where the locale cannot say) is an error at the field naming both
 * numbers, never a silent guess; the form gets NaN for it, so nothing is sent until it is fixed.
 */
export function NumberField<T extends FieldValues, O>(field: FieldProps<T, O>) {
  const { props, value, onChange } = useMantineField(field);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const shown = typed ?? (typeof value === 'number' && Number.isFinite(value) ? numberText(value) : '');
  const ambiguity = typed === undefined ? undefined : ambiguityOf(typed);
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={shown}
      error={ambiguity ?? props.error}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        onChange(typedNumber(e.currentTarget.value) ?? undefined);
      }}
    />
  );
}

/** A required choice between two answers stored as a boolean (undefined until one is picked). */
export function YesNoField<T extends FieldValues, O>({ yes, no, ...field }: FieldProps<T, O> & { yes: string; no: string }) {
  const { props, value, onChange } = useMantineField(field);
  const { ref, name, ...group } = props;
  return (
    <Radio.Group {...group} name={name} value={typeof value === 'boolean' ? String(value) : ''} onChange={(v) => onChange(v === 'true')}>
      <Stack gap={4} mt={4}>
        <Radio ref={ref} value="true" label={yes} />
        <Radio value="false" label={no} />
      </Stack>
    </Radio.Group>
  );
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * A timestamp with the user's offset (ISO 8601), as the Receipt Report's date of arrival needs.
 * Month and weekday names follow the console's language (ConsoleDatesProvider), and so does the value's format.
 */
export function DateTimeField<T extends FieldValues, O>(field: FieldProps<T, O>) {
  const { props, value, onChange } = useMantineField(field);
  const wording = usePickerWording();
  return (
    <DateTimePicker
      {...props}
      clearable={!field.required}
      valueFormat={wording.dateTime}
      ariaLabels={wording.ariaLabels}
      value={typeof value === 'string' && dayjs(value).isValid() ? dayjs(value).format(PICKER_FORMAT) : null}
      onChange={(v) => onChange(v ? dayjs(v).format() : undefined)}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** A calendar date, YYYY-MM-DD, written and picked in the console's language. */
export function DateField<T extends FieldValues, O>(field: FieldProps<T, O>) {
  const { props, value, onChange } = useMantineField(field);
  const wording = usePickerWording();
  return (
    <DatePickerInput
      {...props}
      clearable={!field.required}
      valueFormat={wording.date}
      ariaLabels={wording.ariaLabels}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v ?? undefined)}
      popoverProps={{ withinPortal: true }}
    />
  );
}
