import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellReadings, conventionOf, readColumn, readValue, readWith } from './number-reading';
import { ambiguousNumberMessage, formatReadNumber, numberText } from './number-text';

const NNBSP = '\u202f';

describe('one cell, read with a decimal point or a decimal comma', () => {
  it.each([
    ['120', 120, 120],
    ['300,5', undefined, 300.5],
    ['1.250', 1.25, 1250],
    ['1,250', 1250, 1.25],
    ['1.250,00', undefined, 1250],
    ['1,250.5', 1250.5, undefined],
    ['3.5', 3.5, undefined],
    ['1.234.567', undefined, 1234567],
    ['1 234,5', undefined, 1234.5],
    ["1'234.5", 1234.5, undefined],
    ['1\u2019234.5', 1234.5, undefined],
    [`12${NNBSP}345,25`, undefined, 12345.25],
    ['0.250', 0.25, undefined],
    ['-1.5', -1.5, undefined],
    ['\u22122,5', undefined, -2.5],
    ['.5', 0.5, undefined],
    ['1.25.0', undefined, undefined],
    ['1,2,3', undefined, undefined],
    ['1 234.567,8', undefined, undefined],
    ['12 kg', undefined, undefined],
    ['1e3', undefined, undefined],
  ])('%s: point %s, comma %s', (text, point, comma) => {
    expect(readWith(text, '.')).toBe(point);
    expect(readWith(text, ',')).toBe(comma);
  });
});

describe('a column is read from its own evidence, then the locale', () => {
  it("asks about the issue's column (120, 300,5, 1.250) in an English locale: the comma proves a decimal comma, the locale says otherwise", () => {
    const reading = readColumn(['120', '300,5', '1.250'], 'en-US');
    expect(reading).toMatchObject({ kind: 'ask', reason: 'ambiguous', suggested: ',' });
    if (reading.kind === 'ask') expect(reading.cells.map((c) => c.text)).toEqual(['1.250', '300,5']);
  });

  it('reads the same column in a German locale as the German sheet meant it', () => {
    expect(readColumn(['120', '300,5', '1.250'], 'de-DE')).toEqual({ kind: 'read', decimal: ',', values: [120, 300.5, 1250] });
  });

  it('decides by evidence alone when no cell reads two ways', () => {
    expect(readColumn(['120', '300,5', '1.250,75'], 'en-US')).toEqual({ kind: 'read', decimal: ',', values: [120, 300.5, 1250.75] });
    expect(readColumn(['3.5', '1,250.5'], 'de-DE')).toEqual({ kind: 'read', decimal: '.', values: [3.5, 1250.5] });
  });

  it('lets the locale break the tie when nothing in the column contradicts it', () => {
    expect(readColumn(['1.250', '2.500'], 'en-GB')).toEqual({ kind: 'read', decimal: '.', values: [1.25, 2.5] });
    expect(readColumn(['1.250', '2.500'], 'de-DE')).toEqual({ kind: 'read', decimal: ',', values: [1250, 2500] });
    expect(readColumn(['1.250', '3.5'], 'en-GB')).toEqual({ kind: 'read', decimal: '.', values: [1.25, 3.5] });
  });

  it('asks when the locale does not write the mark the cell has (French writes neither 1.250 nor 1,250 with a dot group)', () => {
    expect(readColumn(['1.250'], 'fr-FR')).toMatchObject({ kind: 'ask', reason: 'ambiguous' });
    expect(readColumn(['1,250'], 'fr-FR')).toEqual({ kind: 'read', decimal: ',', values: [1.25] });
    expect(readColumn(['1,250'], 'de-CH')).toMatchObject({ kind: 'ask', reason: 'ambiguous' });
  });

  it('calls a column whose cells prove both marks contradictory', () => {
    const reading = readColumn(['1.250', '3.5', '300,5'], 'de-DE');
    expect(reading).toMatchObject({ kind: 'ask', reason: 'contradictory', suggested: undefined });
    if (reading.kind === 'ask') expect(reading.cells.map((c) => c.text)).toEqual(['1.250', '3.5', '300,5']);
  });

  it('keeps blank and non-number cells in place as undefined', () => {
    expect(readColumn(['', '12', 'n/a', '7,5'], 'en')).toEqual({ kind: 'read', decimal: ',', values: [undefined, 12, undefined, 7.5] });
  });

  it('reads each cell its one way when no cell reads two ways, even in a mixed column', () => {
    expect(readColumn(['3.5', '300,5'], 'de-DE')).toMatchObject({ kind: 'read', values: [3.5, 300.5] });
  });

  it('takes its conventions from Intl', () => {
    expect(conventionOf('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(conventionOf('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(conventionOf('not a locale')).toEqual({ decimal: '.', group: ',' });
  });
});

describe('a typed value', () => {
  it('is a field error (not a guess) when it reads two ways and the locale cannot say which', () => {
    expect(readValue('1.250', 'fr-FR')).toEqual({ kind: 'ambiguous', point: 1.25, comma: 1250 });
    expect(ambiguousNumberMessage('1.250', 1.25, 1250, 'fr-FR')).toBe(`"1.250" could be 1${NNBSP}250 or 1,25: type 1250 or 1,25.`);
  });

  it('is read with the locale when it writes the mark the cell has', () => {
    expect(readValue('1.250', 'de-DE')).toEqual({ kind: 'number', value: 1250 });
    expect(readValue('1.250', 'en-US')).toEqual({ kind: 'number', value: 1.25 });
    expect(readValue('12,5', 'en-US')).toEqual({ kind: 'number', value: 12.5 });
    expect(readValue('  ', 'en-US')).toEqual({ kind: 'blank' });
    expect(readValue('twelve', 'en-US')).toEqual({ kind: 'not-a-number' });
  });
});

describe('numbers written back', () => {
  it("are shown with narrow-space groups and the user's decimal mark, every digit kept", () => {
    expect(formatReadNumber(1250, 'en-US')).toBe(`1${NNBSP}250`);
    expect(formatReadNumber(300.5, 'en-US')).toBe('300.5');
    expect(formatReadNumber(300.5, 'de-DE')).toBe('300,5');
    expect(formatReadNumber(-1234567.125, 'en-US')).toBe(`-1${NNBSP}234${NNBSP}567.125`);
    expect(formatReadNumber(120, 'en-US')).toBe('120');
  });
});

// Properties: a number written in a locale's own way reads back exactly in that locale; a column
// written in any one of these ways, read in any locale, is either read exactly or asked about
// whenever one of its cells proves its decimal mark: never silently read as other numbers.
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'de-CH', 'sv-SE', 'it-IT', 'es-ES', 'pt-BR', 'nl-NL'] as const;
const quantity = fc
  .integer({ min: -1e9, max: 1e10 })
  .chain((whole) =>
    fc
      .integer({ min: 0, max: 3 })
      .chain((digits) => fc.integer({ min: 0, max: 10 ** digits - 1 }).map((f) => Number(`${whole}.${String(f).padStart(digits, '0')}`))),
  );
const written = (locale: string, n: number, grouping: boolean) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: grouping }).format(n).replace('\u2212', '-');

describe('properties', () => {
  it("a column written in the user's own locale reads back exactly", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.array(quantity, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (locale, numbers, grouping) => {
          const reading = readColumn(
            numbers.map((n) => written(locale, n, grouping)),
            locale,
          );
          expect(reading).toEqual({ kind: 'read', decimal: conventionOf(locale).decimal, values: numbers });
        },
      ),
    );
  });

  it("a column with a cell that proves its mark is never misread, whatever the user's locale", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...LOCALES),
        fc.array(quantity, { minLength: 1, maxLength: 8 }),
        (sheet, user, numbers) => {
          const texts = numbers.map((n) => written(sheet, n, true));
          const proven = texts.some((t) => (readWith(t, '.') === undefined) !== (readWith(t, ',') === undefined));
          fc.pre(proven);
          const reading = readColumn(texts, user);
          if (reading.kind === 'read') expect(reading.values).toEqual(numbers);
        },
      ),
    );
  });

  it('numberText reads back as the same number in the same locale', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), quantity, (locale, n) => {
        expect(readValue(numberText(n, locale), locale)).toEqual({ kind: 'number', value: n });
      }),
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...LOCALES), (text, locale) => {
        const cell = cellReadings(text);
        expect(cell.text).toBe(text);
        readValue(text, locale);
      }),
    );
  });
});
