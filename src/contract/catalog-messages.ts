import { isTagElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The shape of a message catalog (the console's and the BFF's: nested JSON of ICU messages) and the two
 * readings their checks share: every leaf by its dotted key, and the arguments a message takes.
 */
export type Catalog = { [key: string]: string | Catalog };

/** "a.b.c" → message, for every leaf. */
export function flattenCatalog(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flattenCatalog(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** ICU element types that name an argument: argument, number, date, time, select, plural (not literal text, #, tags). */
const ARGUMENT_TYPES = new Set<number>([1, 2, 3, 4, 5, 6]);

/**
 * The arguments a message takes ({name}, {count, plural, ...}) and its tags (`<b>`), sorted; throws
 * when the message does not parse.
 */
export function messageArguments(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if (ARGUMENT_TYPES.has(element.type) && 'value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      // A tag (`<b>…</b>`) is rendered by the component, so it counts as an argument, written `<b>`.
      if (isTagElement(element)) {
        names.add(`<${element.value}>`);
        walk(element.children);
      }
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}
