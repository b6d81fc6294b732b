import { useTranslation } from '../lib/i18n/use-translation';
import { Autocomplete, Stack, Text, type OptionsFilter, type RenderAutocompleteOption } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DECLARATION_CODE_LENGTH, formatCommodityCode, normaliseCommodityCode, type TariffCodeReading } from '../contract/tariff';
import { tariffCodeQueryOptions, tariffSearchQueryOptions } from '../lib/tariff-queries';
import type { TFunction } from '../lib/i18n/message-keys';

export interface CommodityCodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  'data-autofocus'?: boolean;
  /** The digits the form needs (8, the CN line, for a declaration); a shorter code that exists at this length is enough. */
  requiredLength?: number;
  /**
   * How many digits are read against the nomenclature: all by default (CN; a 10-digit code at its
   * first 8). 6 for a tariff not shipped (US HTS, Swiss), read at its HS subheading.
   */
  readDigits?: number;
  /** Shown under the reading (e.g. which nomenclature a jurisdiction's code is read in). */
  note?: string;
}

/** Suggestions come ranked from the BFF: no filtering here. */
const serverOrder: OptionsFilter = ({ options }) => options;
const SUGGESTIONS = 8;
/** Keystrokes closer together than this make one search. */
const TYPING_PAUSE_MS = 60;

/** "61 Articles of apparel… › 6109 T-shirts… › 6109 10 00 Of cotton": the levels below the section. */
function Levels({ reading }: { reading: TariffCodeReading }) {
  const levels = reading.levels.filter((l) => l.level !== 'section');
  if (levels.length === 0) return null;
  return (
    <Text component="span" display="block" size="xs" c="dimmed" data-testid="commodity-code-levels">
      {levels.map((l, i) => (
        <span key={l.code}>
          {i > 0 && ' › '}
          <Text span fw={600} size="xs" c="dark">
            {formatCommodityCode(l.code)}
          </Text>{' '}
          <span lang="en">{l.description}</span>
        </span>
      ))}
    </Text>
  );
}

/** What the user must know about the code as typed: missing, too short, national digits, the supplementary unit. */
function notesOf(
  reading: TariffCodeReading,
  requiredLength: number,
  settled: boolean,
  t: TFunction<'classificationShared'>,
): { warning?: string; notes: string[] } {
  const shown = formatCommodityCode(reading.code);
  const notes: string[] = [];
  const node = reading.node;
  if (reading.nationalDigits)
    notes.push(t('codeField.nationalDigits', { line: formatCommodityCode(reading.code.slice(0, 8)), digits: reading.nationalDigits }));
  if (node?.supplementaryUnit) notes.push(t('codeField.supplementaryUnit', { unit: node.supplementaryUnit.label }));
  if (!settled) return { notes };
  if (reading.status === 'unknown')
    return {
      warning: t('codeField.unknown', { code: shown, nomenclature: reading.levels.at(-1)?.validity.nomenclature ?? 'CN 2026' }),
      notes,
    };
  if (node && reading.status === 'notLeaf' && node.code.length < requiredLength) {
    return { warning: t('codeField.notLine', { code: shown, level: node.level, count: node.childCount, digits: requiredLength }), notes };
  }
  return { notes };
}

/**
 * THE field where a commodity code is typed: what the code means level by level as it is typed,
 * a warning for a code that does not exist or is too general for the form, the supplementary unit
 * the line must carry, and a search-as-you-type picker by code or words (↓ and Enter pick).
 * The value stays what the user typed; picking a suggestion writes its code.
 */
export function CommodityCodeField({
  label,
  value,
  onChange,
  onBlur,
  name,
  ref,
  error,
  withAsterisk,
  disabled,
  requiredLength = DECLARATION_CODE_LENGTH,
  readDigits = 10,
  note,
  ...rest
}: CommodityCodeFieldProps) {
  const { t } = useTranslation('classificationShared');
  const notesId = useId();
  const [focused, setFocused] = useState(false);
  const digits = normaliseCommodityCode(value).slice(0, readDigits);
  const isCode = /^(\d{2,10}|[IVX]{1,5})$/.test(digits);
  const reading = useQuery({ ...tariffCodeQueryOptions(digits), enabled: isCode, placeholderData: keepPreviousData });
  const current = reading.data && reading.data.code === digits ? reading.data : undefined;
  // Complete: a code at the length the form needs that exists there; suggestions then stay closed.
  const complete =
    !!current?.node && digits.length >= requiredLength && (current.status === 'leaf' || current.node.code.length >= requiredLength);
  const [typed] = useDebouncedValue(value.trim(), TYPING_PAUSE_MS);
  const searching = focused && typed.length >= 2 && !complete;
  const search = useQuery({ ...tariffSearchQueryOptions(typed, SUGGESTIONS), enabled: searching, placeholderData: keepPreviousData });
  const hits = searching ? (search.data?.hits ?? []) : [];
  const byCode = new Map(hits.map((h) => [h.node.code, h]));

  // Settled: the user has left the field, or typed as many digits as the form needs.
  const settled = !focused || digits.length >= requiredLength;
  const { warning, notes } = current ? notesOf(current, requiredLength, settled, t) : { notes: [] };
  if (note) notes.push(note);

  const description = (
    <Stack gap={2} id={notesId} component="span">
      {current && <Levels reading={current} />}
      {warning && (
        <Text component="span" display="block" size="xs" c="red.9" fw={600} role="status">
          {warning}
        </Text>
      )}
      {notes.map((n) => (
        <Text key={n} component="span" display="block" size="xs">
          {n}
        </Text>
      ))}
    </Stack>
  );

  const renderOption: RenderAutocompleteOption = ({ option }) => {
    const hit = byCode.get(option.value);
    return (
      <Stack gap={0}>
        <Text size="sm">
          <Text span fw={600} size="sm">
            {formatCommodityCode(option.value)}
          </Text>{' '}
          <span lang="en">{hit?.node.description}</span>
        </Text>
        {hit && hit.context.length > 0 && (
          <Text size="xs" c="dimmed" lang="en">
            {hit.context.map((c) => c.description).join(' › ')}
          </Text>
        )}
      </Stack>
    );
  };

  return (
    <Autocomplete
      ref={ref}
      name={name}
      label={label}
      withAsterisk={withAsterisk}
      disabled={disabled}
      error={error}
      placeholder={t('codeField.placeholder')}
      value={value}
      onChange={onChange}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        onBlur?.();
      }}
      data={hits.map((h) => h.node.code)}
      filter={serverOrder}
      limit={SUGGESTIONS}
      // Eight suggestions need no scrolling; a scroll area would be a region the keyboard cannot reach (axe).
      withScrollArea={false}
      renderOption={renderOption}
      description={current || notes.length > 0 ? description : undefined}
      inputWrapperOrder={['label', 'error', 'input', 'description']}
      autoComplete="off"
      data-autofocus={rest['data-autofocus']}
    />
  );
}

/** What the field needs from react-hook-form: a string value ('' when blank), its ref, name and handlers. */
function useCodeController<T extends FieldValues, O>(control: Control<T, unknown, O>, name: FieldPath<T>) {
  const { field } = useController({ control, name });
  const value: unknown = field.value;
  return {
    ref: field.ref,
    name: field.name,
    value: typeof value === 'string' ? value : '',
    onChange: (v: string) => field.onChange(v),
    onBlur: field.onBlur,
  };
}

/** The field as a react-hook-form field. */
export function CommodityCodeFormField<T extends FieldValues, O>({
  control,
  name,
  ...props
}: Omit<CommodityCodeFieldProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'ref'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
}) {
  const field = useCodeController(control, name);
  return <CommodityCodeField {...props} {...field} />;
}
