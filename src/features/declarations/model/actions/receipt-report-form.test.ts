import { describe, expect, it } from 'vitest';
import { receiptReportBodySchema } from '../../../../contract/declaration-actions';
import type { Declaration } from '../../../../contract/declarations';
import { pruneEmpty } from './prune-empty';
import { originalEad, receiptReportDefaults, RECEIPT_REPORT_FIELDS, receiptReportFormSchema } from './receipt-report-form';
import { unmetRules } from './unmet-rules';

const goodsItem = (cas: string, epc: string | undefined) => ({
  casReference: cas,
  governmentAgencyGoodsItemId: `g-${cas}`,
  sequenceNumber: Number(cas),
  commodity: { itemId: `SKU-${cas}` },
  exciseGoodsItem: epc ? { exciseProductCode: epc, quantity: 100 } : null,
});
const d: Declaration = {
  declarationId: 'd-1',
  currentStatus: 'Accepted',
  mrn: null,
  lrn: 'CAS26GB000000001',
  arc: '26GB00000000000000001',
  ucr: null,
  externalReference: 'EXC-1',
  direction: 'IN',
  customsFlow: 'GB Excise Receipt',
  customsFlowStep: 'e-AD Receipt',
  jurisdiction: 'GB',
  storageLocation: null,
  shipFrom: null,
  shipTo: null,
  hasErrors: false,
  declarationDate: null,
  creationDate: '2026-05-01T09:00:00Z',
  lastUpdated: '2026-05-01T09:00:00Z',
  customsShipmentReference: 'EXC-1',
  customsFlowStepInstanceCount: 1,
  customsFlowStepInstanceSeq: 1,
  singleAdministrativeDocument: {
    declarationOfficeCode: 'GB000051',
    goodsShipment: { governmentAgencyGoodsItems: [goodsItem('1', 'W200'), goodsItem('2', 'B000'), goodsItem('3', undefined)] },
  },
};

describe('Receipt Report form', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const defaults = receiptReportDefaults(d, now);
  const schema = receiptReportBodySchema(originalEad(d));

  it('prefills the destination office the declaration names', () => {
    expect(defaults.exciseGoodsShipment.destinationOfficeCode).toBe('GB000051');
    const { declarationOfficeCode: _, ...withoutOffice } = d.singleAdministrativeDocument;
    expect(
      receiptReportDefaults({ ...d, singleAdministrativeDocument: withoutOffice }, now).exciseGoodsShipment.destinationOfficeCode,
    ).toBeUndefined();
  });

  it('has one row per goods item with casReference, itemId and the product code prefilled', () => {
    expect(
      defaults.governmentAgencyGoodsItems.map((i) => [
        i.casReference,
        i.commodity?.itemId,
        i.exciseGoodsItem.bodyReportOfReceipt.exciseProductCode,
      ]),
    ).toEqual([
      ['1', 'SKU-1', 'W200'],
      ['2', 'SKU-2', 'B000'],
      ['3', 'SKU-3', undefined],
    ]);
    expect(receiptReportFormSchema.safeParse(defaults).success).toBe(true);
  });

  it('maps only the items with a code onto the original e-AD', () => {
    expect([...originalEad(d).exciseProductCodes]).toEqual([
      ['1', 'W200'],
      ['2', 'B000'],
    ]);
  });

  it('asks for the conclusion first, then for what the items still lack', () => {
    // The contract's cross-field rules run once the body's shape is valid.
    expect(unmetRules(schema, defaults, RECEIPT_REPORT_FIELDS).map((r) => r.text)).toEqual(['Global conclusion of receipt']);
    const form = structuredClone(defaults);
    form.exciseGoodsShipment.exciseMovement.reportOfReceipt.globalConclusionOfReceipt = '3';
    expect(unmetRules(schema, form, RECEIPT_REPORT_FIELDS).map((r) => r.text)).toEqual([
      'Item 1: refused quantity (Conclusion 3 (refused) needs a refused quantity above zero on every item)',
      'Item 2: refused quantity (Conclusion 3 (refused) needs a refused quantity above zero on every item)',
      'Item 3: excise product code (The excise product code is required)',
      'Item 3: refused quantity (Conclusion 3 (refused) needs a refused quantity above zero on every item)',
    ]);
  });

  it('catches a product code that differs from the e-AD before any round trip', () => {
    const form = structuredClone(defaults);
    form.exciseGoodsShipment.exciseMovement.reportOfReceipt.globalConclusionOfReceipt = '1';
    const row = form.governmentAgencyGoodsItems[2];
    if (row) row.exciseGoodsItem.bodyReportOfReceipt.exciseProductCode = 'S200';
    const first = form.governmentAgencyGoodsItems[0];
    if (first) first.exciseGoodsItem.bodyReportOfReceipt.exciseProductCode = 'B000';
    expect(unmetRules(schema, form, RECEIPT_REPORT_FIELDS).map((r) => r.text)).toEqual([
      'Item 1: excise product code (The e-AD item has product code W200, not B000)',
      'Item 3: CAS reference (No goods item 3 on the original e-AD)',
    ]);
  });

  it('builds a valid body for one shortage item', () => {
    const form = structuredClone(defaults);
    form.governmentAgencyGoodsItems = form.governmentAgencyGoodsItems.slice(0, 2);
    form.exciseGoodsShipment.exciseMovement.reportOfReceipt.globalConclusionOfReceipt = '2';
    const first = form.governmentAgencyGoodsItems[0];
    if (first)
      Object.assign(first.exciseGoodsItem.bodyReportOfReceipt, {
        indicatorOfShortageOrExcess: 'S',
        observedShortageOrExcess: 12,
        unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '2' }],
      });
    const parsed = schema.safeParse(pruneEmpty(form));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.governmentAgencyGoodsItems[0]?.exciseGoodsItem.bodyReportOfReceipt).toEqual({
      exciseProductCode: 'W200',
      indicatorOfShortageOrExcess: 'S',
      observedShortageOrExcess: 12,
      unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '2' }],
    });
  });
});
