import { z } from 'zod';
import { MOVEMENT_TYPES } from '../../../../contract/movement-orders';
import { draftKey } from '../../../../lib/draft-storage';
import { HEADER_FIELDS, LINE_FIELDS, newKey, RULE_FIELDS, type LineDraft, type LineField, type OrderDraft } from './order-draft';

/**
 * The unsent "New movement order" kept in the signed-in user's storage (lib/draft-storage.ts),
 * so a reload or a closed tab loses nothing. Bump the version when the draft's shape changes.
 */
export const ORDER_DRAFT_KEY = draftKey('movement-order-draft', 2);

const strings = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.object(Object.fromEntries(fields.map((f) => [f, z.string().catch('')])) as Record<F, z.ZodCatch<z.ZodString>>);

/** The stored order; keys are not stored: they are made again on reading, unique for this page. */
export const orderDraftSchema: z.ZodType<OrderDraft> = z
  .object({
    version: z.string().catch(''),
    movements: z
      .array(
        strings(HEADER_FIELDS).extend({
          movementType: z.enum(MOVEMENT_TYPES.map((t) => t.code)),
          writeOffRules: z.array(strings(RULE_FIELDS)),
          lines: z.array(strings(LINE_FIELDS)),
        }),
      )
      .min(1),
  })
  .transform((order) => ({
    version: order.version,
    movements: order.movements.map((m) => ({
      ...m,
      key: newKey('movement'),
      writeOffRules: m.writeOffRules.map((r) => ({ ...r, key: newKey('rule') })),
      lines: m.lines.map((l) => ({ ...l, key: newKey('line') })),
    })),
  }));

const withoutKey = <T extends { key: string }>({ key: _key, ...rest }: T): Omit<T, 'key'> => rest;

/** A line's filled fields only (read back as '' by the schema): a quarter of the size at 9,999 lines, so a save blocks typing a quarter as long. */
function filledFields(line: LineDraft): Partial<Record<LineField, string>> {
  const filled: Partial<Record<LineField, string>> = {};
  for (const field of LINE_FIELDS) if (line[field] !== '') filled[field] = line[field];
  return filled;
}

/** The order as stored: without the page's keys, lines without their empty fields. */
export const storedOrder = (order: OrderDraft) => ({
  version: order.version,
  movements: order.movements.map((m) => ({
    ...withoutKey(m),
    writeOffRules: m.writeOffRules.map(withoutKey),
    lines: m.lines.map(filledFields),
  })),
});
