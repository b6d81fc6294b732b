import { z } from 'zod';

/**
 * Classification items and the goods items they are about (BFF endpoints under
 * `/api/classification-links`; the service links neither way): a goods item and a classification
 * item meet when the item's external reference is the goods item's article id (commodity.itemId)
 * or the console's own reference for it (LRN/item number), or when both describe the goods in
 * the same words.
 */

/** Two descriptions of the same goods: the same words, whatever the case and spacing. */
export function sameGoodsDescription(a: string | null | undefined, b: string | null | undefined): boolean {
  const words = (s: string | null | undefined) => (s ?? '').trim().toLowerCase().split(/\s+/).join(' ');
  return words(a) !== '' && words(a) === words(b);
}

/** The console's own reference of a goods item ("Check this code" files its description under it). */
export const goodsItemReference = (lrn: string, sequenceNumber: number): string => `${lrn}/${sequenceNumber}`;

export const LINK_KINDS = ['reference', 'description'] as const;
export const linkKindSchema = z.enum(LINK_KINDS);

/** How many of the latest declarations a link or usage scan reads, 100 per search page. */
export const DECLARATION_SCAN_LIMIT = 1000;
/** How many of the latest classification items a link scan reads (their search pages carry the description). */
export const CLASSIFICATION_ITEM_SCAN_LIMIT = 1000;

export const itemIdParamSchema = z.object({ itemId: z.uuid() });
export const declarationIdParamSchema = z.object({ declarationId: z.string().min(1).max(200) });

/** GET /api/classification-links/items/{itemId}: the goods items the classification item is about. */
export const goodsItemsOfClassificationSchema = z.object({
  itemId: z.string(),
  scanned: z.number().int().nonnegative(),
  complete: z.boolean(),
  matches: z.array(
    z.object({
      declarationId: z.string(),
      lrn: z.string(),
      currentStatus: z.string(),
      items: z.array(
        z.object({
          governmentAgencyGoodsItemId: z.string(),
          sequenceNumber: z.number().int(),
          description: z.string().nullable(),
          code: z.string().nullable(),
          by: linkKindSchema,
        }),
      ),
    }),
  ),
});
export type GoodsItemsOfClassification = z.infer<typeof goodsItemsOfClassificationSchema>;

/** GET /api/classification-links/declarations/{declarationId}: per goods item, the classification items about it. */
export const classificationOfGoodsItemsSchema = z.object({
  declarationId: z.string(),
  /** Classification items read for the description match (by reference they are looked up exactly). */
  scanned: z.number().int().nonnegative(),
  complete: z.boolean(),
  goodsItems: z.array(
    z.object({
      governmentAgencyGoodsItemId: z.string(),
      sequenceNumber: z.number().int(),
      classificationItems: z.array(z.object({ itemId: z.string(), externalReference: z.string(), by: linkKindSchema })),
    }),
  ),
});
export type ClassificationOfGoodsItems = z.infer<typeof classificationOfGoodsItemsSchema>;
