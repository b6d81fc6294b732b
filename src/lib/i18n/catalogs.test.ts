/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES } from './languages';
import { pseudoCatalog, type Catalog } from './pseudo-locale';

/** Every catalog file, read as it is shipped. */
const FILES = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

const catalogOf = (language: string, namespace: string): Catalog | undefined => FILES[`./locales/${language}/${namespace}.json`];
const NAMESPACES = Object.keys(FILES).flatMap((path) => /^\.\/locales\/en\/(.+)\.json$/.exec(path)?.[1] ?? []);

/** "a.b.c" → message, for every leaf. */
function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** ICU element types that name an argument: argument, number, date, time, select, plural (not literal text, #, tags). */
const ARGUMENT_TYPES = new Set<number>([1, 2, 3, 4, 5, 6]);

/** The arguments a message takes ({name}, {count, plural, ...}), in order of first use. */
function argumentsOf(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if (ARGUMENT_TYPES.has(element.type) && 'value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

describe('the catalogs', () => {
  it('have English namespaces to check', () => {
    expect(NAMESPACES).toContain('common');
    expect(NAMESPACES).toContain('shell');
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const english = flatten(catalogOf('en', namespace) ?? {});

    it.each(LANGUAGES)('in %s has every English key and no other', (language) => {
      const catalog = catalogOf(language, namespace);
      expect(catalog, `locales/${language}/${namespace}.json is missing`).toBeDefined();
      expect([...flatten(catalog ?? {}).keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each(LANGUAGES)('in %s has ICU messages that parse and take the same arguments as English', (language) => {
      for (const [key, message] of flatten(catalogOf(language, namespace) ?? {})) {
        const englishMessage = english.get(key) ?? '';
        expect(() => new IntlMessageFormat(message, language), `${language} ${namespace}:${key}`).not.toThrow();
        expect(argumentsOf(message, language), `${language} ${namespace}:${key}`).toEqual(argumentsOf(englishMessage, 'en'));
      }
    });

    it('makes a pseudo-locale that still parses, keeps the arguments and is longer', () => {
      const pseudo = flatten(pseudoCatalog(catalogOf('en', namespace) ?? {}));
      for (const [key, message] of english) {
        const made = pseudo.get(key) ?? '';
        expect(argumentsOf(made, 'en'), key).toEqual(argumentsOf(message, 'en'));
        if (/[A-Za-z]/.test(message)) expect(made.length, key).toBeGreaterThan(message.length);
      }
    });
  });
});
