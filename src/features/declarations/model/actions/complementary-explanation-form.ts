import { z } from 'zod';
import type { ComplementaryExplanationBody } from '../../../../contract/declaration-actions';
import type { Declaration } from '../../../../contract/declarations';
import { goodsItemFieldLabel } from '../../../../contract/field-labels';
import type { FieldCatalogue } from './field-catalogue';

const text = z.string().optional();

/** The Complementary Explanation form, on the body's paths; every item listed, only those filled in are sent. */
export const complementaryExplanationFormSchema = z.object({
  exciseGoodsShipment: z.object({ analysis: z.object({ globalExplanation: text, globalExplanationLanguage: text }) }),
  governmentAgencyGoodsItems: z.array(
    z.object({
      casReference: z.string(),
      exciseGoodsItem: z.object({
        bodyAnalysis: z.object({
          explanation: text,
          explanationLanguage: text,
          actualQuantity: z.union([z.number(), z.string()]).optional(),
        }),
      }),
    }),
  ),
});
export type ComplementaryExplanationForm = z.infer<typeof complementaryExplanationFormSchema>;

export const complementaryExplanationDefaults = (d: Declaration): ComplementaryExplanationForm => ({
  exciseGoodsShipment: { analysis: {} },
  governmentAgencyGoodsItems: d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.map((i) => ({
    casReference: i.casReference,
    exciseGoodsItem: { bodyAnalysis: {} },
  })),
});

/** Items the user explained nothing for are not part of the explanation. */
export const withExplainedItemsOnly = (body: ComplementaryExplanationBody): ComplementaryExplanationBody => ({
  ...body,
  governmentAgencyGoodsItems: body.governmentAgencyGoodsItems.filter((i) =>
    Object.values(i.exciseGoodsItem.bodyAnalysis).some((v) => v !== undefined),
  ),
});

const ITEM = 'governmentAgencyGoodsItems.#.exciseGoodsItem.bodyAnalysis';
export const COMPLEMENTARY_EXPLANATION_FIELDS: FieldCatalogue = [
  { path: 'exciseGoodsShipment.analysis.globalExplanation', label: 'Explanation' },
  { path: 'exciseGoodsShipment.analysis.globalExplanationLanguage', label: 'Language of the explanation' },
  { path: `${ITEM}.explanation`, label: 'Item {n}: explanation' },
  { path: `${ITEM}.explanationLanguage`, label: 'Item {n}: language of the explanation' },
  { path: `${ITEM}.actualQuantity`, label: 'Item {n}: actual quantity' },
  { path: 'governmentAgencyGoodsItems.#.casReference', label: `Item {n}: ${goodsItemFieldLabel('casReference')}`, group: true },
];
