import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from '../../contract/user-preferences.js';

/** A catalog: key → ICU message. */
export type Catalog = Readonly<Record<string, string>>;

/** Values a message names: plain ones, or further catalog texts written in the same language. */
export interface Text {
  key: string;
  values?: Readonly<Record<string, string | number | Text>>;
}

const compiled = new Map<string, IntlMessageFormat>();

/** The message of `text` in `language`, its values written in (texts among them translated too); undefined when the catalog lacks a key. */
export function formatText(catalog: Catalog, language: Language, text: Text): string | undefined {
  const message = catalog[text.key];
  if (message === undefined) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values ?? {})) {
    if (typeof value !== 'object') values[name] = value;
    else {
      const nested = formatText(catalog, language, value);
      if (nested === undefined) return undefined;
      values[name] = nested;
    }
  }
  const id = `${language}\n${text.key}`;
  let format = compiled.get(id);
  if (!format) compiled.set(id, (format = new IntlMessageFormat(message, language)));
  const out = format.format<string>(values);
  return Array.isArray(out) ? out.join('') : String(out);
}
