/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { flattenCatalog as flatten, messageArguments as argumentsOf, type Catalog } from '../../contract/catalog-messages';
import { LANGUAGES } from './languages';
import { pseudoCatalog } from './pseudo-locale';

/** Every catalog file, read as it is shipped. */
const FILES = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

const catalogOf = (language: string, namespace: string): Catalog | undefined => FILES[`./locales/${language}/${namespace}.json`];
const NAMESPACES = Object.keys(FILES).flatMap((path) => /^\.\/locales\/en\/(.+)\.json$/.exec(path)?.[1] ?? []);

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
