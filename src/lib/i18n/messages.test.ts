import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, startI18n } from './i18n';

const NBSP = '\u00a0';

beforeAll(async () => {
  await startI18n('en');
  await loadNamespaces('classificationShared', 'declaration', 'health');
  await i18n.loadLanguages('nl', 'fr', 'de');
});

describe('compiled messages in each language', () => {
  it.each([
    ['en', '8471 is a heading, not a line: pick one of the 3 lines below it (8 digits).'],
    ['nl', '8471 is een post, geen eindonderverdeling: kies een van de 3 onderverdelingen eronder (8 cijfers).'],
    ['fr', '8471 est une position, pas une subdivision finale : choisissez l’une des 3 subdivisions qui en relèvent (8 chiffres).'],
    ['de', '8471 ist eine Position, keine Endposition: Wählen Sie unter den 3 Unterpositionen darunter eine aus (8 Stellen).'],
  ] as const)('select and plural in %s', (language, text) => {
    expect(
      i18n.getFixedT(language, 'classificationShared')('codeField.notLine', { code: '8471', level: 'heading', count: 3, digits: 8 }),
    ).toBe(text);
  });

  it.each([
    ['en', [1, 2, 3, 11], ['1st', '2nd', '3rd', '11th']],
    ['nl', [1, 2], ['1e', '2e']],
    ['fr', [1, 2], ['1er', '2e']],
    ['de', [1, 2], ['1.', '2.']],
  ] as const)('ordinals in %s', (language, ranks, written) => {
    const t = i18n.getFixedT(language, 'declaration');
    ranks.forEach((rank, index) => expect(t('check.rank', { rank, count: 12 })).toContain(`${written[index]} `));
  });

  it.each([
    ['en', '(score 7.0): fits'],
    ['nl', '(score 7,0): fits'],
    ['fr', '(score 7,0) : fits'],
    ['de', '(Bewertung 7,0): fits'],
  ] as const)('a number skeleton (one decimal) in %s', (language, text) => {
    expect(i18n.getFixedT(language, 'declaration')('check.score', { score: 7, explanation: 'fits' })).toBe(text);
  });

  it.each([
    ['en', '1 call, 0 errors (25% error rate)'],
    ['nl', '1 aanroep, 0 fouten (25% fouten)'],
    ['fr', `1 appel, 0 erreur (taux d'erreur 25${NBSP}%)`],
    ['de', `1 Aufruf, 0 Fehler (Fehlerquote 25${NBSP}%)`],
  ] as const)('plural and percent in %s', (language, text) => {
    expect(i18n.getFixedT(language, 'health')('upstream.calls', { calls: 1, errors: 0, rate: 0.25 })).toBe(text);
  });

  it('shows a missing key as the key, or the default value given', () => {
    const t = i18n.getFixedT('nl', 'declaration');
    // @ts-expect-error a key English lacks fails the type check; at run time it shows as itself
    expect(t('check.noSuchMessage')).toBe('check.noSuchMessage');
    // @ts-expect-error as above
    expect(t('check.noSuchMessage', { defaultValue: 'Ready' })).toBe('Ready');
  });

  it('reads another namespace with `ns`', () => {
    expect(i18n.getFixedT('de', 'declaration')('productName', { ns: 'common' })).toBe('Customs Console');
  });
});
