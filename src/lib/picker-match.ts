export interface PickerOption {
  value: string;
  label: string;
}

const typedOf = (search: string): string => search.trim().toLowerCase();

/**
 * The options a search leaves, as pickers filter them: the label contains the typed text (case
 * ignored), an option whose code is exactly the typed text first ("DE" → Germany before Bangladesh).
 */
export function pickerMatches<T extends PickerOption>(options: readonly T[], search: string, limit = Number.POSITIVE_INFINITY): T[] {
  const typed = typedOf(search);
  if (typed === '') return options.slice(0, limit);
  const exact = options.filter((o) => o.value.toLowerCase() === typed);
  const rest = options.filter((o) => o.value.toLowerCase() !== typed && o.label.toLowerCase().includes(typed));
  return [...exact, ...rest].slice(0, limit);
}

/** The option Enter picks: the only one the search leaves, or the one whose code was typed exactly; else undefined. */
export function singleMatchOf<T extends PickerOption>(options: readonly T[], search: string): T | undefined {
  if (typedOf(search) === '') return undefined;
  const [first, second] = pickerMatches(options, search, 2);
  if (!first) return undefined;
  return second === undefined || first.value.toLowerCase() === typedOf(search) ? first : undefined;
}
