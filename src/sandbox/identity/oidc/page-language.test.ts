import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language.js';

describe('the sign-in page’s language', () => {
  it('takes the console’s language (ui_locales) first, in its order of preference', () => {
    expect(pageLanguage('fr-BE nl', 'de-DE')).toBe('fr');
    expect(pageLanguage('es nl', undefined)).toBe('nl');
  });

  it('else the browser’s by weight, else English', () => {
    expect(pageLanguage(undefined, 'es-ES, de;q=0.8, nl;q=0.9')).toBe('nl');
    expect(pageLanguage(undefined, 'fr-CH')).toBe('fr');
    expect(pageLanguage(undefined, 'de;q=0, es')).toBe('en');
    expect(pageLanguage('', undefined)).toBe('en');
    expect(pageLanguage(['nl'], 'x;;q=abc')).toBe('en');
  });
});
