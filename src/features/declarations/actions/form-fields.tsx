import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { CodeMeaning } from '../../../contract/code-lists/emcs';
import { LANGUAGES } from '../../../contract/code-lists/emcs';
import { codeOptions } from './code-options';

/**
 * react-hook-form adapters for the Mantine inputs of the action dialogs. Each keeps the form
 * value in the body's type (a blank is undefined, never '' or null) and passes the field's ref,
 * so react-hook-form can focus the first error.
 */
interface FieldProps<T extends FieldValues, O> {
  /** O: the validated body the form submits (the contract schema's output). */
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  required?: boolean;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function TextField<T extends FieldValues, O>({ control, name, label, description, required, maxLength, readOnly }: FieldProps<T, O> & { maxLength?: number; readOnly?: boolean }) {
  const { field: { ref, value: current, onChange, onBlur, name: fieldName }, fieldState: { error } } = useController({ control, name });
  return (
    <TextInput
      ref={ref}
      name={fieldName}
      label={label}
      description={description}
      withAsterisk={required}
      maxLength={maxLength}
      readOnly={readOnly}
      value={text(current)}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}

export function TextAreaField<T extends FieldValues, O>({ control, name, label, description, required, maxLength }: FieldProps<T, O> & { maxLength?: number }) {
  const { field: { ref, value: current, onChange, onBlur, name: fieldName }, fieldState: { error } } = useController({ control, name });
  return (
    <Textarea
      ref={ref}
      name={fieldName}
      label={label}
      description={description}
      withAsterisk={required}
      maxLength={maxLength}
      autosize
      minRows={2}
      value={text(current)}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}

/** A code picker showing code and meaning; `numeric` stores the code as an int (Change Destination's codes). */
export function CodeSelectField<T extends FieldValues, O>({ control, name, label, description, required, codes, numeric, placeholder }: FieldProps<T, O> & { codes: readonly CodeMeaning[]; numeric?: boolean; placeholder?: string }) {
  const { field: { ref, value: current, onChange, onBlur, name: fieldName }, fieldState: { error } } = useController({ control, name });
  const value = typeof current === 'number' ? String(current) : typeof current === 'string' ? current : null;
  return (
    <Select
      ref={ref}
      name={fieldName}
      label={label}
      description={description}
      withAsterisk={required}
      placeholder={placeholder ?? 'Pick a code'}
      data={codeOptions(codes)}
      searchable
      clearable={!required}
      value={value}
      onChange={(v) => onChange(v === null ? undefined : numeric ? Number(v) : v)}
      onBlur={onBlur}
      error={error?.message}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function LanguageField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  return <CodeSelectField {...props} codes={LANGUAGES} placeholder="Pick a language" />;
}

/** Mantine gives a string while the number is being typed ("12."); the schema judges it. */
export function NumberField<T extends FieldValues, O>({ control, name, label, description, required, min }: FieldProps<T, O> & { min?: number }) {
  const { field: { ref, value: current, onChange, onBlur, name: fieldName }, fieldState: { error } } = useController({ control, name });
  const value = typeof current === 'number' || typeof current === 'string' ? current : '';
  return (
    <NumberInput
      ref={ref}
      name={fieldName}
      label={label}
      description={description}
      withAsterisk={required}
      min={min}
      value={value}
      onChange={(v) => onChange(v === '' ? undefined : v)}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A timestamp with the user's offset (ISO 8601), as the Receipt Report's date of arrival needs. */
export function DateTimeField<T extends FieldValues, O>({ control, name, label, description, required }: FieldProps<T, O>) {
  const { field: { ref, value: current, onChange, onBlur, name: fieldName }, fieldState: { error } } = useController({ control, name });
  const value = typeof current === 'string' && dayjs(current).isValid() ? dayjs(current).format(PICKER_FORMAT) : null;
  return (
    <DateTimePicker
      ref={ref}
      name={fieldName}
      label={label}
      description={description}
      withAsterisk={required}
      clearable={!required}
      valueFormat="DD MMM YYYY HH:mm"
      value={value}
      onChange={(v) => onChange(v ? dayjs(v).format() : undefined)}
      error={error?.message}
      onBlur={onBlur}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** A calendar date, YYYY-MM-DD. */
export function DateField<T extends FieldValues, O>({ control, name, label, description, required }: FieldProps<T, O>) {
  const { field: { ref, value: current, onChange, onBlur, name: fieldName }, fieldState: { error } } = useController({ control, name });
  return (
    <DatePickerInput
      ref={ref}
      name={fieldName}
      label={label}
      description={description}
      withAsterisk={required}
      clearable={!required}
      valueFormat="DD MMM YYYY"
      value={typeof current === 'string' ? current : null}
      onChange={(v) => onChange(v ?? undefined)}
      error={error?.message}
      onBlur={onBlur}
      popoverProps={{ withinPortal: true }}
    />
  );
}
