import { describe, expect, it } from 'vitest';
import { exampleShipmentText, newExternalReference } from './example-shipment';
import { checkShipmentText } from './shipment-text';

describe('checkShipmentText', () => {
  it('accepts the example shipment', () => {
    const check = checkShipmentText(exampleShipmentText('E-1'));
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.shipment.externalReference).toBe('E-1');
  });

  it('reports malformed JSON on the body', () => {
    const check = checkShipmentText('{');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.issues[0]?.path).toBe('(body)');
  });

  it('reports contract issues by dotted path', () => {
    const text = JSON.stringify({
      externalReference: 'E-1',
      direction: 'SIDEWAYS',
      singleAdministrativeDocument: { goodsShipment: { governmentAgencyGoodsItems: [{ goodsMeasure: { gmass: 'heavy' } }] } },
    });
    const check = checkShipmentText(text);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.issues.map((i) => i.path)).toEqual([
        'direction',
        'singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.0.goodsMeasure.gmass',
      ]);
    }
  });

  it('makes readable external references', () => {
    expect(newExternalReference(new Date('2026-11-22T19:34:12.345Z'))).toBe('CONSOLE-20261122-193412');
  });
});
