import { describe, expect, it } from 'vitest';
import { checkLine, checkOrder, movementFieldKey } from './order-check';
import { emptyLine, emptyMovement, emptyRule, type MovementDraft } from './order-draft';

const movement = (over: Partial<MovementDraft> = {}): MovementDraft => ({
  ...emptyMovement(new Date('2026-02-01T08:30:00Z')),
  externalReference: 'WMS-1',
  lines: [emptyLine({ itemId: 'A', quantity: '5', uom: 'KGM' })],
  ...over,
});

describe('checkOrder', () => {
  it('passes a complete order and gives the typed MovementIngest to send', () => {
    const result = checkOrder({
      version: '',
      movements: [movement({ customsDestination: 'HomeUse', writeOffRules: [emptyRule({ customsStatus: 'Free' })] })],
    });
    expect(result).toEqual({
      ok: true,
      ingest: {
        movements: [
          {
            timestamp: '2026-02-01T08:30:00Z',
            externalReference: 'WMS-1',
            movementType: 'RFFC',
            customsDestination: 'HomeUse',
            writeOffRules: [{ customsStatus: 'Free' }],
            movementLines: [{ itemId: 'A', direction: 'Out', quantity: 5, uom: 'KGM' }],
          },
        ],
      },
    });
  });

  it('lists the errors at their controls, header first, then rules, then lines in order', () => {
    const result = checkOrder({
      version: '',
      movements: [
        movement({
          externalReference: '',
          timestamp: 'yesterday',
          writeOffRules: [emptyRule({ preferentialOriginCountry: 'XX' })],
          lines: [
            emptyLine({ itemId: 'A', quantity: 'ten', uom: 'KGM' }),
            emptyLine(),
            emptyLine({ itemId: 'C', quantity: '0', uom: 'KGM', exciseProductCode: 'Z999' }),
          ],
        }),
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...result.errors]).toEqual([
      ['0.timestamp', 'must be an ISO 8601 timestamp, e.g. 2025-01-31T00:00:00Z'],
      ['0.externalReference', 'is required'],
      ['0.lines.0.quantity', 'must be a number'],
      ['0.lines.1.itemId', 'is required'],
      ['0.lines.1.quantity', 'is required'],
      ['0.lines.1.uom', 'is required'],
      ['0.lines.2.quantity', 'must not be zero'],
      ['0.lines.2.exciseProductCode', 'is not in the excise product list (BC36)'],
    ]);
  });

  it('checks the movement rules once the structure is right', () => {
    const result = checkOrder({
      version: '',
      movements: [
        movement(),
        movement({
          movementType: 'TRFR',
          lines: [emptyLine({ itemId: 'A', quantity: '1', uom: 'KGM', authorizationId: 'A1', receivingAuthorizationId: 'A2' })],
        }),
      ],
    });
    expect(result.ok ? [] : [...result.errors]).toEqual([
      ['1.lines.0.receivingStorageLocationReference', 'is required for TRFR'],
      ['1.lines.0.receivingAuthorizationId', 'must equal the authorization for TRFR'],
    ]);
  });
});

describe('checkLine', () => {
  it('checks one line against its movement type, and again only when the line object changes', () => {
    const line = emptyLine({ itemId: 'A', quantity: '1', uom: 'LTR', asv: '140' });
    const first = checkLine('RFFC', line);
    expect([...first]).toEqual([['asv', 'must be between 0 and 100']]);
    expect(checkLine('RFFC', line)).toBe(first);
    expect([...checkLine('TRFB', emptyLine({ itemId: 'A', quantity: '1', uom: 'LTR', blendItemId: 'B', blendUom: 'LTR' }))]).toEqual([
      ['blendQuantity', 'a blend result needs an item, a quantity other than zero and a unit'],
    ]);
  });

  it('asks at the field which number a two-way value is when the locale cannot say, instead of guessing', () => {
    const line = emptyLine({ itemId: 'A', quantity: '1.250', uom: 'KGM' });
    expect([...checkLine('RFFC', line, 'fr-FR')]).toEqual([['quantity', '"1.250" could be 1\u202f250 or 1,25: type 1250 or 1,25.']]);
    expect([...checkLine('RFFC', line, 'de-DE')]).toEqual([]);
  });
});

describe('movementFieldKey', () => {
  it.each([
    [['movementLines'], '2.lines'],
    [['movementLines', 4, 'blendResult', 'uom'], '2.lines.4.blendUom'],
    [['writeOffRules', 1, 'customsStatus'], '2.writeOffRules.1.customsStatus'],
    [['adjustmentData', 'arcSequenceNumber'], '2.arcSequenceNumber'],
    [['category'], '2.category'],
  ])('%j → %s', (path, key) => expect(movementFieldKey(2, path)).toBe(key));
});
