import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatAmount, formatDateTime, formatQuantity } from '../format';
import { readValue } from '../numbers/number-reading';
import { activeLocale } from './active-locale';
import { changeLanguage, i18n, loadNamespaces, startI18n } from './i18n';
import { preferredLanguage } from './languages';
import { followZodMessages } from './zod-messages';

const NNBSP = '\u202f';

describe('the language on first visit', () => {
  it.each([
    [['nl-BE', 'fr-BE', 'en'], 'nl'],
    [['fr-CH'], 'fr'],
    [['de-AT', 'en-GB'], 'de'],
    [['es-ES', 'de-DE'], 'de'],
    [['es-ES', 'pt'], 'en'],
    [['EN-us'], 'en'],
    [['en-XA'], 'en-XA'],
    [[], 'en'],
  ])('%j → %s', (preferences, language) => {
    expect(preferredLanguage(preferences)).toBe(language);
  });
});

// One instance for the console, so these run in order on it.
describe('the console in a language', () => {
  it('starts in Dutch with its catalogs, numbers and dates in Dutch; zod messages once forms ask for them', async () => {
    await startI18n('nl');
    await loadNamespaces('shell');
    expect(z.string().safeParse(1).error?.issues[0]?.message).toMatch(/^Invalid input/);
    await followZodMessages();
    expect(i18n.t('nav.pages.declarations', { ns: 'shell' })).toBe('Aangiften');
    expect(i18n.t('signOut.confirmMessage', { ns: 'shell', count: 2 })).toContain('2 niet-verzonden concepten');
    expect(activeLocale()).toBe('nl');
    expect(formatAmount(4829.5, 'EUR')).toBe('4.829,50 EUR');
    expect(formatQuantity(1234.5)).toBe('1.234,5');
    expect(formatDateTime('2026-03-04T06:06:07')).toBe('4 mrt 2026, 06:06:07');
    expect(readValue('1.250')).toEqual({ kind: 'number', value: 1250 });
    expect(z.string().safeParse(1).error?.issues[0]?.message).toMatch(/Ongeldige invoer/);
  });

  it('switches to French in place: the namespaces in use come along, numbers take a narrow no-break space', async () => {
    await changeLanguage('fr');
    expect(i18n.hasResourceBundle('fr', 'shell')).toBe(true);
    expect(i18n.t('nav.pages.declarations', { ns: 'shell' })).toBe('Déclarations');
    expect(formatAmount(4829.5, 'EUR')).toBe(`4${NNBSP}829,50 EUR`);
    expect(formatDateTime('2026-03-04T18:06:07')).toBe('4 mars 2026, 18:06:07');
  });

  it('writes German and back to the fixed English style', async () => {
    await changeLanguage('de');
    expect(formatAmount(4829.5, 'EUR')).toBe('4.829,50 EUR');
    expect(i18n.t('signOut.confirmMessage', { ns: 'shell', count: 1 })).toContain('einen nicht gesendeten Entwurf');
    await changeLanguage('en');
    expect(formatAmount(4829.5, 'EUR')).toBe('4,829.50 EUR');
    expect(formatDateTime('2026-03-04T06:06:07')).toBe('4 Mar 2026, 06:06:07');
    expect(i18n.t('signOut.confirmMessage', { ns: 'shell', count: 1 })).toMatch(
      /^You have an unsent draft in this browser\. Signing out deletes it,/,
    );
  });

  it('makes the pseudo-locale from English: accented, longer, arguments filled in', async () => {
    await changeLanguage('en-XA');
    const message = i18n.t('environment.label', { ns: 'shell', name: 'X' });
    expect(message).toMatch(/^\[Éñṽíŕöñɱéñţ: X~+\]$/);
    // Inside plural branches too; the count (`#`) and the arguments stay as they are.
    expect(i18n.t('signOut.confirmMessage', { ns: 'shell', count: 2 })).toMatch(
      /^\[Ýöú ĥáṽé 2 úñšéñţ ðŕáƒţš íñ ţĥíš ƀŕöŵšéŕ\. .* ţĥéɱ, .*~+\]$/,
    );
    expect(activeLocale()).toBe('en');
  });
});
