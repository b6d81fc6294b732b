import { readdirSync, readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messageArguments as argumentsOf } from '../../contract/catalog-messages.js';
import { RADAR_KIND_INFO } from '../../contract/radar.js';
import { LANGUAGES } from '../../contract/user-preferences.js';

/** Every BFF catalog, read as it is shipped: locales/<language>/<namespace>.json, flat keys. */
const LOCALES = new URL('./locales/', import.meta.url);
const NAMESPACES = readdirSync(new URL('en/', LOCALES)).map((f) => f.replace(/\.json$/, ''));
const catalogOf = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8')) as Record<string, string>;

describe('the BFF’s catalogs', () => {
  it('have the problems and alerts namespaces', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['problems', 'alerts']));
  });

  it('name the radar’s kinds in English as the radar does (alert titles read “is overdue: not fixed”)', () => {
    const alerts = catalogOf('en', 'alerts');
    for (const [kind, info] of Object.entries(RADAR_KIND_INFO)) expect(alerts[`radar.${kind}`], kind).toBe(info.label.toLowerCase());
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const english = catalogOf('en', namespace);

    it.each(LANGUAGES)('in %s has every English key and no other', (language) => {
      expect(Object.keys(catalogOf(language, namespace)).sort()).toEqual(Object.keys(english).sort());
    });

    it.each(LANGUAGES)('in %s has ICU messages that parse and take the same arguments as English', (language) => {
      for (const [key, message] of Object.entries(catalogOf(language, namespace))) {
        expect(() => new IntlMessageFormat(message, language), `${language} ${namespace}:${key}`).not.toThrow();
        expect(argumentsOf(message, language), `${language} ${namespace}:${key}`).toEqual(argumentsOf(english[key] ?? '', 'en'));
      }
    });
  });
});
