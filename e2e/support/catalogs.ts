import { readdirSync, readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { z } from 'zod';
import { flattenCatalog as flatten, type Catalog } from '../../src/contract/catalog-messages';
import { pseudoMessage } from '../../src/lib/i18n/pseudo-locale';
import { compileMessage } from '../../vite-plugins/compiled-catalogs';

/** The console's catalogs as shipped (src/lib/i18n/locales/<language>/<namespace>.json), read by the journeys. */
const LOCALES = new URL('../../src/lib/i18n/locales/', import.meta.url);

const catalogSchema: z.ZodType<Catalog> = z.lazy(() => z.record(z.string(), z.union([z.string(), catalogSchema])));

const cache = new Map<string, Map<string, string>>();

/** Every message of a language, keyed "namespace:a.b.c". */
function messagesOf(language: string): Map<string, string> {
  const known = cache.get(language);
  if (known) return known;
  const all = new Map<string, string>();
  for (const file of readdirSync(new URL(`${language}/`, LOCALES))) {
    const namespace = file.replace(/\.json$/, '');
    const catalog = catalogSchema.parse(JSON.parse(readFileSync(new URL(`${language}/${file}`, LOCALES), 'utf8')));
    for (const [key, message] of flatten(catalog)) all.set(`${namespace}:${key}`, message);
  }
  cache.set(language, all);
  return all;
}

/** A message as the console shows it in `language` (`en-XA`: the pseudo-locale made from English). */
export function text(language: string, key: `${string}:${string}`, values: Record<string, string | number> = {}): string {
  const english = messagesOf('en').get(key);
  if (english === undefined) throw new Error(`no English message ${key}`);
  // The pseudo-locale is made from the compiled English message, as the console makes it.
  const message = language === 'en-XA' ? pseudoMessage(compileMessage(english)) : messagesOf(language).get(key);
  if (message === undefined) throw new Error(`no ${language} message ${key}`);
  const written = new IntlMessageFormat(message, language === 'en-XA' ? 'en' : language).format(values);
  return Array.isArray(written) ? written.join('') : String(written);
}

/**
 * English texts that `language` writes otherwise: seen in a page in that language, they were left
 * untranslated. A text that some message of the language also writes (a word both languages share,
 * a service status name) is not one of them.
 */
export function englishOnlyTexts(language: string): Set<string> {
  const target = messagesOf(language);
  const written = new Set(target.values());
  const out = new Set<string>();
  for (const [key, english] of messagesOf('en')) {
    // Messages with arguments never show as written; very short ones (units, letters) say too little.
    if (english.includes('{') || english.length < 4) continue;
    if (target.get(key) !== english && !written.has(english)) out.add(english);
  }
  return out;
}
