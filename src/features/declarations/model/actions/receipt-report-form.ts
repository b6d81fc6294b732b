import dayjs from 'dayjs';
import { z } from 'zod';
import type { Declaration } from '../../../../contract/declarations';
import type { OriginalEad } from '../../../../contract/declaration-actions';
import { goodsItemFieldLabel } from '../../../../contract/field-labels';
import type { FieldCatalogue } from './field-catalogue';

const text = z.string().optional();
/** While typed, a number may still be a string ("12."); the contract schema judges it. */
const quantity = z.union([z.number(), z.string()]).optional();

/**
 * The Receipt Report form: the body's own paths (so rules, fields and server errors share
 * names), every value optional while it is being filled in. Also re-reads stored drafts.
 */
export const receiptReportFormSchema = z.object({
  exciseGoodsShipment: z.object({
    destinationOfficeCode: text,
    exciseMovement: z.object({
      reportOfReceipt: z.object({
        dateOfArrivalOfExciseProducts: text,
        globalConclusionOfReceipt: text,
        complementaryInformation: text,
        complementaryInformationLanguage: text,
      }),
    }),
  }),
  governmentAgencyGoodsItems: z.array(
    z.object({
      casReference: z.string(),
      commodity: z.object({ itemId: text }).optional(),
      exciseGoodsItem: z.object({
        bodyReportOfReceipt: z.object({
          exciseProductCode: text,
          indicatorOfShortageOrExcess: text,
          observedShortageOrExcess: quantity,
          refusedQuantity: quantity,
          unsatisfactoryReasons: z
            .array(z.object({ unsatisfactoryReasonCode: text, complementaryInformation: text, complementaryInformationLanguage: text }))
            .optional(),
        }),
      }),
    }),
  ),
});
export type ReceiptReportForm = z.infer<typeof receiptReportFormSchema>;

const goodsItems = (d: Declaration) => d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;

/** What the rules compare product codes with: the e-AD's items, by casReference. */
export const originalEad = (d: Declaration): OriginalEad => ({
  exciseProductCodes: new Map(
    goodsItems(d).flatMap((i) =>
      i.exciseGoodsItem?.exciseProductCode ? [[i.casReference, i.exciseGoodsItem.exciseProductCode] as const] : [],
    ),
  ),
});

/** One row per goods item of the declaration, its product code prefilled; arrival now; the destination office the declaration names. */
export function receiptReportDefaults(d: Declaration, now: Date = new Date()): ReceiptReportForm {
  return {
    exciseGoodsShipment: {
      ...(d.singleAdministrativeDocument.declarationOfficeCode
        ? { destinationOfficeCode: d.singleAdministrativeDocument.declarationOfficeCode }
        : {}),
      exciseMovement: { reportOfReceipt: { dateOfArrivalOfExciseProducts: dayjs(now).format() } },
    },
    governmentAgencyGoodsItems: goodsItems(d).map((item) => ({
      casReference: item.casReference,
      ...(item.commodity?.itemId ? { commodity: { itemId: item.commodity.itemId } } : {}),
      exciseGoodsItem: {
        bodyReportOfReceipt: { exciseProductCode: item.exciseGoodsItem?.exciseProductCode ?? undefined, unsatisfactoryReasons: [] },
      },
    })),
  };
}

const ITEM = 'governmentAgencyGoodsItems.#';
const REPORT = `${ITEM}.exciseGoodsItem.bodyReportOfReceipt`;
const HEADER = 'exciseGoodsShipment.exciseMovement.reportOfReceipt';

export const RECEIPT_REPORT_FIELDS: FieldCatalogue = [
  { path: `${HEADER}.dateOfArrivalOfExciseProducts`, label: 'Date of arrival' },
  { path: `${HEADER}.globalConclusionOfReceipt`, label: 'Global conclusion of receipt' },
  { path: 'exciseGoodsShipment.destinationOfficeCode', label: 'Destination office' },
  { path: `${HEADER}.complementaryInformation`, label: 'Complementary information' },
  { path: `${HEADER}.complementaryInformationLanguage`, label: 'Language of the complementary information' },
  { path: `${ITEM}.casReference`, label: `Item {n}: ${goodsItemFieldLabel('casReference')}` },
  { path: `${REPORT}.exciseProductCode`, label: 'Item {n}: excise product code' },
  { path: `${REPORT}.indicatorOfShortageOrExcess`, label: 'Item {n}: shortage or excess' },
  { path: `${REPORT}.observedShortageOrExcess`, label: 'Item {n}: observed shortage or excess' },
  { path: `${REPORT}.refusedQuantity`, label: 'Item {n}: refused quantity' },
  { path: `${REPORT}.unsatisfactoryReasons.#.unsatisfactoryReasonCode`, label: 'Item {n}: unsatisfactory reason' },
  { path: `${REPORT}.unsatisfactoryReasons.#.complementaryInformation`, label: 'Item {n}: reason information' },
  { path: `${REPORT}.unsatisfactoryReasons.#.complementaryInformationLanguage`, label: 'Item {n}: language of the reason information' },
  { path: `${REPORT}.unsatisfactoryReasons`, label: 'Item {n}: unsatisfactory reasons', group: true },
  { path: 'governmentAgencyGoodsItems', label: 'Goods items', group: true },
];
