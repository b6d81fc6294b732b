import { z } from 'zod';
import { MOVEMENT_TYPES } from '../../../contract/movement-orders';
import { HEADER_FIELDS, LINE_FIELDS, newKey, RULE_FIELDS, type OrderDraft } from './order-draft';

/**
 * The unsent "New movement order" kept in localStorage per signed-in user, so a reload or a
 * closed tab loses nothing. Bump the version when the draft's shape changes: older ones are
 * then ignored rather than misread.
 */
const DRAFT_VERSION = 1;
export const orderDraftKey = (owner: string): string => `customs-console.movement-order-draft.v${DRAFT_VERSION}.${owner}`;

const strings = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.object(Object.fromEntries(fields.map((f) => [f, z.string().catch('')])) as Record<F, z.ZodCatch<z.ZodString>>);

// Keys are not stored: they are made again on reading, unique for this page.
const storedSchema = z.object({
  savedAt: z.string(),
  order: z.object({
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
  }),
});

export interface StoredOrderDraft {
  savedAt: string;
  order: OrderDraft;
}

/** The part of Storage used (localStorage in the browser, a Map in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readOrderDraft(storage: DraftStorage | undefined, key: string): StoredOrderDraft | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const { savedAt, order } = parsed.data;
    return {
      savedAt,
      order: {
        version: order.version,
        movements: order.movements.map((m) => ({
          ...m,
          key: newKey('movement'),
          writeOffRules: m.writeOffRules.map((r) => ({ ...r, key: newKey('rule') })),
          lines: m.lines.map((l) => ({ ...l, key: newKey('line') })),
        })),
      },
    };
  } catch {
    return undefined;
  }
}

const withoutKey = <T extends { key: string }>({ key: _key, ...rest }: T): Omit<T, 'key'> => rest;

/** Best effort: a full or disabled storage loses the draft, never the form. */
export function writeOrderDraft(storage: DraftStorage | undefined, key: string, order: OrderDraft, now: Date = new Date()): void {
  const plain = {
    version: order.version,
    movements: order.movements.map((m) => ({ ...withoutKey(m), writeOffRules: m.writeOffRules.map(withoutKey), lines: m.lines.map(withoutKey) })),
  };
  try {
    storage?.setItem(key, JSON.stringify({ savedAt: now.toISOString(), order: plain }));
  } catch {
    /* quota or privacy mode */
  }
}

export function clearOrderDraft(storage: DraftStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    /* storage disabled */
  }
}

export function browserStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
