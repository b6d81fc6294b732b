/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { IntlMessageFormat } from 'intl-messageformat';
import { flattenCatalog as flatten, messageArguments as argumentsOf, type Catalog } from '../../contract/catalog-messages';
import { LANGUAGES } from './languages';
import type { CompiledCatalog } from './compiled-catalog';
import { pseudoCatalog } from './pseudo-locale';

/** Every catalog file, read as it is shipped. */
const FILES = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });
/** The English catalogs as the build compiles them (what the runtime and the pseudo-locale read). */
const COMPILED = import.meta.glob<CompiledCatalog>('./locales/en/*.json', { eager: true, import: 'default', query: '?compiled' });

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

    it('compiles to every key, plain text where a message takes no argument', () => {
      const compiled = COMPILED[`./locales/en/${namespace}.json`] ?? {};
      expect(Object.keys(compiled).sort()).toEqual([...english.keys()].sort());
      for (const [key, message] of english)
        if (argumentsOf(message, 'en').length === 0) expect(compiled[key], key).toBe(new IntlMessageFormat(message, 'en').format());
    });

    it('makes a pseudo-locale that keeps the arguments and is longer', () => {
      const pseudo = pseudoCatalog(COMPILED[`./locales/en/${namespace}.json`] ?? {});
      for (const [key, message] of english) {
        const made = pseudo[key] ?? '';
        const text = typeof made === 'string' ? made : printAST(made);
        expect(argumentsOf(text, 'en'), key).toEqual(argumentsOf(message, 'en'));
        if (/[A-Za-z]/.test(message)) expect(text.length, key).toBeGreaterThan(message.length);
      }
    });
  });
});
