import { describe, expect, it } from 'vitest';
import { emptyLine, emptyMovement, emptyRule, isBlankLine, parseDecimal, toMovementIngest, type MovementDraft } from './order-draft';

const draft = (over: Partial<MovementDraft>): MovementDraft => ({
  ...emptyMovement(new Date('2026-02-01T08:30:00.123Z')),
  externalReference: 'WMS-7',
  ...over,
});

describe('parseDecimal', () => {
  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    ['1,5', 1.5],
    ['1 234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['abc', 'abc'],
    ['1.2.3', '1.2.3'],
  ])('%s → %s', (text, value) => expect(parseDecimal(text, 'en-US')).toBe(value));

  it('reads a two-way value with the locale, or leaves it as text when the locale cannot say', () => {
    expect(parseDecimal('1.250', 'de-DE')).toBe(1250);
    expect(parseDecimal('1.250', 'en-US')).toBe(1.25);
    expect(parseDecimal('1.250', 'fr-FR')).toBe('1.250');
  });
});

describe('toMovementIngest', () => {
  it('sends only the fields that apply to the movement type, trimmed, codes in capitals', () => {
    const rfFc = draft({
      movementType: 'RFFC',
      customsDestination: 'HomeUse',
      category: 'Export',
      writeOffRules: [emptyRule({ customsStatus: 'Free', isOfPreferentialOrigin: 'true', preferentialOriginCountry: 'de' })],
      lines: [emptyLine({ itemId: ' A-1 ', quantity: '2,5', uom: 'kgm', receivingStorageLocationReference: 'L9', blendItemId: 'X' })],
    });
    expect(toMovementIngest({ version: '', movements: [rfFc] })).toEqual({
      movements: [
        {
          timestamp: '2026-02-01T08:30:00Z',
          externalReference: 'WMS-7',
          movementType: 'RFFC',
          customsDestination: 'HomeUse',
          writeOffRules: [{ customsStatus: 'Free', isOfPreferentialOrigin: true, preferentialOriginCountry: 'DE' }],
          movementLines: [{ itemId: 'A-1', direction: 'Out', quantity: 2.5, uom: 'KGM' }],
        },
      ],
    });
  });

  it('keeps adjustment data and category for ADJP, receiving for TRFA, blend for TRFB', () => {
    const ingest = toMovementIngest({
      version: '2',
      movements: [
        draft({
          movementType: 'ADJP',
          category: 'Production',
          administrativeReferenceCode: 'ARC1',
          arcSequenceNumber: '2',
          customsDestination: 'HomeUse',
        }),
        draft({ movementType: 'TRFA', lines: [emptyLine({ receivingStorageLocationReference: 'L2', receivingAuthorizationId: 'AUTH2' })] }),
        draft({ movementType: 'TRFB', lines: [emptyLine({ blendItemId: 'BL', blendQuantity: '10', blendUom: 'ltr' })] }),
      ],
    });
    expect(ingest).toMatchObject({
      version: '2',
      movements: [
        { category: 'Production', adjustmentData: { administrativeReferenceCode: 'ARC1', arcSequenceNumber: 2 } },
        { movementLines: [{ direction: 'Out', receivingStorageLocationReference: 'L2', receivingAuthorizationId: 'AUTH2' }] },
        { movementLines: [{ direction: 'Out', blendResult: { itemId: 'BL', quantity: 10, uom: 'LTR' } }] },
      ],
    });
    expect(ingest).not.toHaveProperty('movements.0.customsDestination');
  });

  it('tells a blank line from a started one', () => {
    expect(isBlankLine(emptyLine())).toBe(true);
    expect(isBlankLine(emptyLine({ direction: 'In' }))).toBe(true);
    expect(isBlankLine(emptyLine({ uom: 'KGM' }))).toBe(false);
  });
});
