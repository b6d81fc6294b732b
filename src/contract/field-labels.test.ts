import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customsShipmentSchema } from './customs-shipment.js';
import { declarationSchema } from './declarations.js';
import { FIELD_LABELS, fieldLabel, fieldLabelKey, goodsItemFieldLabel, leafFieldLabel } from './field-labels.js';

/** Every path of a schema (objects' keys, arrays' elements as `#`), down to the leaves. */
function pathsOf(schema: z.ZodType, prefix: string, out: Set<string>): Set<string> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return pathsOf(schema.unwrap() as z.ZodType, prefix, out);
  if (schema instanceof z.ZodPipe) return pathsOf(schema.in as z.ZodType, prefix, out);
  if (prefix) out.add(prefix);
  if (schema instanceof z.ZodObject)
    for (const [key, value] of Object.entries(schema.shape)) pathsOf(value as z.ZodType, prefix ? `${prefix}.${key}` : key, out);
  if (schema instanceof z.ZodArray) pathsOf(schema.element as z.ZodType, `${prefix}.#`, out);
  return out;
}

/** The declaration's own data: what errors, the review desk and "What changed" point into. */
const DATA_PATHS = [...pathsOf(customsShipmentSchema, '', new Set()), ...pathsOf(declarationSchema, '', new Set())]
  // Errors and attachments are the service's report about the declaration, not fields of it.
  .filter((p) => !/^(errors|attachments)\./.test(p))
  // A top-level goodsShipment is accepted and moved into the header.
  .map((p) => (p.startsWith('goodsShipment') ? `singleAdministrativeDocument.${p}` : p));

describe('field labels', () => {
  it('has words for every path of the customs shipment and the declaration', () => {
    expect(DATA_PATHS.length).toBeGreaterThan(40);
    const missing = DATA_PATHS.filter((p) => FIELD_LABELS[p] === undefined);
    expect(missing).toEqual([]);
  });

  it('never shows a raw path for any path of the schemas, with or without indexes', () => {
    for (const p of DATA_PATHS) {
      const concrete = p.replace(/\.#/g, '[2]');
      const label = fieldLabel(concrete);
      expect(label, concrete).not.toMatch(/[.[\]]|singleAdministrativeDocument|governmentAgencyGoodsItems/);
      expect(fieldLabelKey(concrete)).toBe(p);
    }
  });

  it('turns array indexes into item numbers', () => {
    expect(fieldLabel('singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[3].commodity.classification.id')).toBe(
      'Goods item 4 › Commodity code',
    );
    expect(fieldLabel('singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.0.packaging[1].type')).toBe(
      'Goods item 1 › Package 2 › Package type',
    );
    expect(fieldLabel('/singleAdministrativeDocument/goodsShipment/governmentAgencyGoodsItems/9/goodsMeasure/nmass')).toBe(
      'Goods item 10 › Net mass (kg)',
    );
    expect(fieldLabel('singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems')).toBe('Goods items');
  });

  it('reads header paths with or without the header prefix, and party references as the EORI', () => {
    expect(fieldLabel('singleAdministrativeDocument.declarationOfficeCode')).toBe('Declaration office');
    expect(fieldLabel('declarationOfficeCode')).toBe('Declaration office');
    expect(fieldLabel('goodsShipment.consignee')).toBe('Consignee');
    expect(fieldLabel('singleAdministrativeDocument.goodsShipment.consignee.businessPartnerReference[0].code')).toBe('Consignee EORI');
    expect(fieldLabel('casReference')).not.toBe('casReference');
  });

  it('names goods items addressed by CAS reference', () => {
    expect(
      fieldLabel('singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[casReference=CAS-7].customsValue.currency'),
    ).toBe('Goods item (CAS reference CAS-7) › Value currency');
  });

  it('reads customs authority pointers', () => {
    expect(fieldLabel('Declaration->GoodsShipment->GovernmentAgencyGoodsItem(1)->CustomsValueAmount')).toBe('Goods item 1 › Customs value');
    expect(fieldLabel('Declaration->GoodsShipment->Importer->ID')).toBe('Importer (consignee) EORI');
    expect(fieldLabel('Declaration->Exporter->ID')).toBe('Exporter (consignor) EORI');
  });

  it('spells out a field the table does not know instead of showing its path', () => {
    expect(fieldLabel('singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[0].commodity.dangerousGoodsCode')).toBe(
      'Goods item 1 › Commodity Dangerous goods code',
    );
    expect(fieldLabel('')).toBe('Declaration');
  });
});

describe('leaf labels', () => {
  it('names a field inside a goods item without its number', () => {
    expect(goodsItemFieldLabel('commodity.classification.id')).toBe('Commodity code');
    expect(goodsItemFieldLabel('packaging[0].type')).toBe('Package type');
    expect(goodsItemFieldLabel('casReference')).toBe('CAS reference');
    expect(leafFieldLabel('singleAdministrativeDocument.goodsShipment.consignor.businessPartnerReference.0.code')).toBe('Consignor EORI');
  });
});
