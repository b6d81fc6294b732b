import { describe, expect, it } from 'vitest';
import {
  changeDestinationBodySchema,
  delayForDeliveryBodySchema,
  emcsInvalidateBodySchema,
  receiptReportBodySchema,
  rejectOrAlertEadBodySchema,
  type ReceiptReportBody,
} from './declaration-actions.js';

type Item = ReceiptReportBody['governmentAgencyGoodsItems'][number];
const item = (casReference: string | undefined, report: Item['exciseGoodsItem']['bodyReportOfReceipt']): Item => ({
  casReference,
  exciseGoodsItem: { bodyReportOfReceipt: report },
});
const report = (conclusion: string, items: Item[]) => ({
  exciseGoodsShipment: {
    exciseMovement: { reportOfReceipt: { dateOfArrivalOfExciseProducts: '2026-11-20T10:00:00Z', globalConclusionOfReceipt: conclusion } },
  },
  governmentAgencyGoodsItems: items,
});
const original = {
  exciseProductCodes: new Map([
    ['1', 'W200'],
    ['2', 'B000'],
  ]),
};

/** Field paths the schema complains about, dotted. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => i.path.map(String).join('.'));
}

describe('Receipt Report rules (specification: every 400 condition)', () => {
  const schema = receiptReportBodySchema(original);

  it('accepts a satisfactory report and a shortage item with its reason', () => {
    expect(schema.safeParse(report('1', [item('1', { exciseProductCode: 'W200' })])).success).toBe(true);
    const shortage = item('1', {
      exciseProductCode: 'W200',
      indicatorOfShortageOrExcess: 'S',
      observedShortageOrExcess: 12,
      unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '2' }],
    });
    expect(schema.safeParse(report('2', [shortage])).success).toBe(true);
  });

  it.each(['0', '5', '12', '24', 'A'])('refuses conclusion code %s', (code) => {
    expect(problems(schema.safeParse(report(code, [item('1', { exciseProductCode: 'W200' })])))).toContain(
      'exciseGoodsShipment.exciseMovement.reportOfReceipt.globalConclusionOfReceipt',
    );
  });

  it.each(['1', '2', '3', '4', '11', '21', '22', '23'])('allows conclusion code %s as a code', (code) => {
    const p = problems(schema.safeParse(report(code, [])));
    expect(p).not.toContain('exciseGoodsShipment.exciseMovement.reportOfReceipt.globalConclusionOfReceipt');
  });

  it('refuses a missing casReference and a duplicated one', () => {
    expect(problems(schema.safeParse(report('1', [item(undefined, { exciseProductCode: 'W200' })])))).toEqual([
      'governmentAgencyGoodsItems.0.casReference',
    ]);
    const dup = report('1', [item('1', { exciseProductCode: 'W200' }), item('1', { exciseProductCode: 'W200' })]);
    expect(problems(schema.safeParse(dup))).toEqual(['governmentAgencyGoodsItems.1.casReference']);
  });

  it('refuses a missing product code, one outside BC36, and one that differs from the e-AD', () => {
    const path = 'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.exciseProductCode';
    expect(problems(schema.safeParse(report('1', [item('1', {})])))).toEqual([path]);
    expect(problems(schema.safeParse(report('1', [item('1', { exciseProductCode: 'X999' })])))).toEqual([path]);
    expect(problems(schema.safeParse(report('1', [item('1', { exciseProductCode: 'B000' })])))).toEqual([path]);
  });

  it('needs the shortage/excess indicator and the observed quantity together', () => {
    expect(problems(schema.safeParse(report('1', [item('1', { exciseProductCode: 'W200', indicatorOfShortageOrExcess: 'E' })])))).toEqual([
      'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.observedShortageOrExcess',
    ]);
    expect(problems(schema.safeParse(report('1', [item('1', { exciseProductCode: 'W200', observedShortageOrExcess: 3 })])))).toEqual([
      'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.indicatorOfShortageOrExcess',
    ]);
  });

  it('needs a refused quantity above zero for conclusion 3 and refuses one for conclusions 1 and 2', () => {
    const refused = 'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity';
    expect(problems(schema.safeParse(report('3', [item('1', { exciseProductCode: 'W200' })])))).toEqual([refused]);
    expect(problems(schema.safeParse(report('3', [item('1', { exciseProductCode: 'W200', refusedQuantity: 0 })])))).toEqual([refused]);
    expect(schema.safeParse(report('3', [item('1', { exciseProductCode: 'W200', refusedQuantity: 5 })])).success).toBe(true);
    expect(problems(schema.safeParse(report('1', [item('1', { exciseProductCode: 'W200', refusedQuantity: 1 })])))).toEqual([refused]);
  });

  it('needs an unsatisfactory reason for conclusions 2 and 4', () => {
    expect(problems(schema.safeParse(report('2', [item('1', { exciseProductCode: 'W200' })])))).toEqual(['governmentAgencyGoodsItems']);
    const partial = report('4', [
      item('1', { exciseProductCode: 'W200', refusedQuantity: 2 }),
      item('2', { exciseProductCode: 'B000', refusedQuantity: 0 }),
    ]);
    expect(problems(schema.safeParse(partial))).toEqual(['governmentAgencyGoodsItems']);
  });

  it('refuses an unsatisfactory reason code outside BC46', () => {
    const bad = item('1', { exciseProductCode: 'W200', unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '6' }] });
    expect(problems(schema.safeParse(report('2', [bad])))).toContain(
      'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.unsatisfactoryReasons.0.unsatisfactoryReasonCode',
    );
  });
});

describe('other EMCS action bodies', () => {
  it('Invalidate of an e-AD: codes 0-4; code 0 needs complementary information and its language', () => {
    expect(emcsInvalidateBodySchema.safeParse({ reason: '1' }).success).toBe(true);
    expect(problems(emcsInvalidateBodySchema.safeParse({ reason: '5' }))).toEqual(['reason']);
    expect(problems(emcsInvalidateBodySchema.safeParse({ reason: '0' }))).toEqual([
      'complementaryInformation',
      'complementaryInformationLanguage',
    ]);
    expect(
      emcsInvalidateBodySchema.safeParse({
        reason: '0',
        complementaryInformation: 'Order cancelled by buyer',
        complementaryInformationLanguage: 'en',
      }).success,
    ).toBe(true);
  });

  it('Change Destination checks code lists and the journey time format', () => {
    const body = {
      exciseGoodsShipment: {
        headerEadEsad: { destinationTypeCode: 1, journeyTime: 'D05' },
        transportDetails: [{ transportUnitCode: 2 }],
        movementGuarantee: { guarantorTypeCode: 12 },
      },
    };
    expect(changeDestinationBodySchema.safeParse(body).success).toBe(true);
    const bad = {
      exciseGoodsShipment: {
        headerEadEsad: { destinationTypeCode: 7, journeyTime: 'D93' },
        transportDetails: [{ transportUnitCode: 6 }],
        movementGuarantee: { guarantorTypeCode: 6 },
      },
    };
    expect(problems(changeDestinationBodySchema.safeParse(bad)).sort()).toEqual(
      [
        'exciseGoodsShipment.headerEadEsad.destinationTypeCode',
        'exciseGoodsShipment.headerEadEsad.journeyTime',
        'exciseGoodsShipment.movementGuarantee.guarantorTypeCode',
        'exciseGoodsShipment.transportDetails.0.transportUnitCode',
      ].sort(),
    );
  });

  it('Reject or Alert EAD takes reasons 0-3; Delay for Delivery takes explanations 0-5 and roles 1-2', () => {
    expect(rejectOrAlertEadBodySchema.safeParse({ eadEsadRejectedFlag: true, alertOrRejectionOfMovementReasonCode: '3' }).success).toBe(
      true,
    );
    expect(
      problems(rejectOrAlertEadBodySchema.safeParse({ eadEsadRejectedFlag: false, alertOrRejectionOfMovementReasonCode: '4' })),
    ).toEqual(['alertOrRejectionOfMovementReasonCode']);
    expect(delayForDeliveryBodySchema.safeParse({ explanationCode: '5', messageRole: '1' }).success).toBe(true);
    expect(problems(delayForDeliveryBodySchema.safeParse({ explanationCode: '6', messageRole: '3' })).sort()).toEqual([
      'explanationCode',
      'messageRole',
    ]);
  });
});
