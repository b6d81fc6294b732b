import { z } from 'zod';
import { normaliseCode } from './classification.js';

/**
 * The console's tariff help (BFF endpoints under `/api/tariff`; the service's interface has no
 * tariff lookup): the EU Combined Nomenclature 2026 down to 8 digits, read with HS 2022 where a
 * 6-digit code has no CN line. Codes are digits only; a 10-digit (TARIC or UK) code is read at
 * its CN 8-digit line, the last two digits being national (no national tariff is shipped).
 */

export const TARIFF_LEVELS = ['section', 'chapter', 'heading', 'subheading', 'cn8'] as const;
export const tariffLevelSchema = z.enum(TARIFF_LEVELS);
export type TariffLevel = z.infer<typeof tariffLevelSchema>;

/** The length a declaration's commodity code is read at: the CN 8-digit line. */
export const DECLARATION_CODE_LENGTH = 8;

/** A code as typed: digits, with the spaces and dots people write ("6109 10 00", "6109.10.00") removed. */
export const normaliseCommodityCode = normaliseCode;

/** The `{code}` of the code routes: 2 to 10 digits, or a section's Roman numeral. */
export const tariffCodeParamSchema = z.object({
  code: z
    .string()
    .transform(normaliseCommodityCode)
    .pipe(z.string().regex(/^(\d{2,10}|[IVX]{1,5})$/, 'A commodity code is 2 to 10 digits (or a section in Roman numerals).')),
});

/**
 * Supplementary units of the CN (the declared quantity the line must carry besides net mass),
 * by the code the shipped data uses. The label is the CN's own abbreviation and its meaning.
 */
export const SUPPLEMENTARY_UNITS: Record<string, string> = {
  PST: 'p/st (number of items)',
  '100_PST': '100 p/st (hundreds of items)',
  '1000_PST': '1 000 p/st (thousands of items)',
  PA: 'pa (number of pairs)',
  M: 'm (metres)',
  M2: 'm² (square metres)',
  M3: 'm³ (cubic metres)',
  '1000_M3': '1 000 m³ (thousands of cubic metres)',
  L: 'l (litres)',
  L_ALC_100PCT: 'l alc. 100 % (litres of pure alcohol)',
  G: 'g (grams)',
  CK: 'c/k (carats)',
  CTL: 'ct/l (carrying capacity in tonnes)',
  CEEL: 'ce/el (number of cells)',
  GI_FS: 'gi F/S (grams of fissile isotopes)',
  TJ: 'TJ (terajoules, gross calorific value)',
  '1000_KWH': '1 000 kWh (thousands of kilowatt hours)',
  KG_90PCT_SDT: 'kg 90 % sdt (kilograms of dry matter at 90 %)',
  KG_N: 'kg N (kilograms of nitrogen)',
  KG_P2O5: 'kg P2O5 (kilograms of diphosphorus pentaoxide)',
  KG_K2O: 'kg K2O (kilograms of potassium oxide)',
  KG_U: 'kg U (kilograms of uranium)',
  KG_NAOH: 'kg NaOH (kilograms of sodium hydroxide)',
  KG_KOH: 'kg KOH (kilograms of potassium hydroxide)',
  KG_H2O2: 'kg H2O2 (kilograms of hydrogen peroxide)',
  KG_MET_AM: 'kg met.am. (kilograms of methylamines)',
  KG_NET_EDA: 'kg/net eda (kilograms drained net weight)',
};

export const supplementaryUnitSchema = z.object({ code: z.string(), label: z.string() });
export type SupplementaryUnit = z.infer<typeof supplementaryUnitSchema>;

/** When a nomenclature's codes apply (the shipped files carry one version each, no per-code dates). */
export const tariffValiditySchema = z.object({
  nomenclature: z.enum(['CN 2026', 'HS 2022']),
  /** YYYY-MM-DD. */
  from: z.string(),
  /** YYYY-MM-DD, inclusive; null when no end is known. */
  to: z.string().nullable(),
});
export type TariffValidity = z.infer<typeof tariffValiditySchema>;

export const tariffNodeSchema = z.object({
  /** Digits, or a section's Roman numeral. */
  code: z.string(),
  level: tariffLevelSchema,
  description: z.string(),
  /** A CN 8-digit line: a leaf, the length a declaration needs. */
  leaf: z.boolean(),
  /** How many lines sit directly below it in the tree. */
  childCount: z.number().int().nonnegative(),
  supplementaryUnit: supplementaryUnitSchema.nullable(),
  validity: tariffValiditySchema,
});
export type TariffNode = z.infer<typeof tariffNodeSchema>;

/**
 * How a typed code reads: `leaf` a CN 8-digit line (a 10-digit code: its first 8); `notLeaf` a
 * section, chapter, heading or subheading with lines below it; `unknown` no such code in the
 * nomenclature (`levels` then holds the longest prefix that exists).
 */
export const TARIFF_CODE_STATUSES = ['leaf', 'notLeaf', 'unknown'] as const;
export const tariffCodeStatusSchema = z.enum(TARIFF_CODE_STATUSES);
export type TariffCodeStatus = z.infer<typeof tariffCodeStatusSchema>;

/** GET /api/tariff/codes/{code}. */
export const tariffCodeReadingSchema = z.object({
  /** The code as read (spaces and dots removed). */
  code: z.string(),
  status: tariffCodeStatusSchema,
  /** The code's node; null when unknown. */
  node: tariffNodeSchema.nullable(),
  /** Section, chapter, heading, subheading above it (top first), then the node itself when found. */
  levels: z.array(tariffNodeSchema),
  /** The last two digits of a 10-digit code: national (TARIC or UK), not checked. */
  nationalDigits: z.string().nullable(),
});
export type TariffCodeReading = z.infer<typeof tariffCodeReadingSchema>;

export const tariffSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type a code or some words.').max(200),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const tariffSearchHitSchema = z.object({
  node: tariffNodeSchema,
  /** The heading (and subheading) it sits under, for context in a list. */
  context: z.array(tariffNodeSchema),
  score: z.number(),
});
export type TariffSearchHit = z.infer<typeof tariffSearchHitSchema>;

/** GET /api/tariff/search?q=: a code prefix (digits) lists the lines under it; words rank the CN 8-digit lines. */
export const tariffSearchResultSchema = z.object({
  query: z.string(),
  by: z.enum(['code', 'words']),
  hits: z.array(tariffSearchHitSchema),
});
export type TariffSearchResult = z.infer<typeof tariffSearchResultSchema>;

export const tariffTreeQuerySchema = z.object({
  parent: z
    .string()
    .transform(normaliseCommodityCode)
    .pipe(z.string().regex(/^(\d{2,8}|[IVX]{1,5})$/, 'A parent is a section, chapter, heading or subheading.'))
    .optional(),
});

/** GET /api/tariff/tree?parent=: the sections (no parent), or the lines directly below one. */
export const tariffTreeSchema = z.object({
  parent: tariffNodeSchema.nullable(),
  /** The parent's ancestors, top first (not the parent itself). */
  ancestors: z.array(tariffNodeSchema),
  children: z.array(tariffNodeSchema),
});
export type TariffTree = z.infer<typeof tariffTreeSchema>;

/** "6109 10 00" for 61091000: the way the CN prints codes. */
export function formatCommodityCode(code: string): string {
  if (!/^\d+$/.test(code) || code.length <= 4) return code;
  return [code.slice(0, 4), ...(code.slice(4).match(/\d{1,2}/g) ?? [])].join(' ');
}

/** How many of the most recent declarations and classification items a usage scan reads (the service has no search by code). */
export const TARIFF_USAGE_SCAN_LIMIT = 100;

/**
 * GET /api/tariff/codes/{code}/usage: the declarations (goods items) and classification items
 * (assigned codes) that use the code or a code below it, among the most recent ones the service
 * lists (`scanned`; `complete` when that was all of them). Classification items only for the
 * roles that may read them (`classificationItems` null otherwise).
 */
export const tariffUsageSchema = z.object({
  code: z.string(),
  declarations: z.object({
    scanned: z.number().int().nonnegative(),
    complete: z.boolean(),
    matches: z.array(
      z.object({
        declarationId: z.string(),
        lrn: z.string(),
        currentStatus: z.string(),
        items: z.array(z.object({ sequenceNumber: z.number().int(), code: z.string(), description: z.string().nullable() })),
      }),
    ),
  }),
  classificationItems: z
    .object({
      scanned: z.number().int().nonnegative(),
      complete: z.boolean(),
      matches: z.array(
        z.object({
          itemId: z.string(),
          externalReference: z.string(),
          description: z.string().nullable(),
          codes: z.array(z.object({ jurisdiction: z.string(), code: z.string() })),
        }),
      ),
    })
    .nullable(),
});
export type TariffUsage = z.infer<typeof tariffUsageSchema>;
