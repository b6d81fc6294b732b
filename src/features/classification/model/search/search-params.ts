import { z } from 'zod';
import { CLASSIFICATION_LIMITS } from '../../../../contract/classification-limits';

/**
 * The search page's URL state. Lenient on purpose: a hand-edited or outdated link never fails
 * the page; a bad value falls back to its default. Dates are plain days (YYYY-MM-DD) in the URL;
 * the service gets inclusive instants.
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

export const PAGE_SIZE = CLASSIFICATION_LIMITS.searchDefaultLimit;

export const classificationSearchParamsSchema = z.object({
  externalReference: z
    .string()
    .transform((s) => s.trim() || undefined)
    .optional()
    .catch(undefined),
  createdFrom: day,
  createdTo: day,
  updatedFrom: day,
  updatedTo: day,
  betterSuggestion: z.boolean().optional().catch(undefined),
  offset: z.coerce.number().int().min(0).optional().catch(undefined),
});
export type ClassificationSearchParams = z.output<typeof classificationSearchParamsSchema>;
export type ClassificationFilters = Omit<ClassificationSearchParams, 'offset'>;

/** Days as instants: a From day from its first millisecond, a To day up to its last (UTC, bounds inclusive). */
const startOfDay = (d: string | undefined) => (d ? `${d}T00:00:00.000Z` : undefined);
const endOfDay = (d: string | undefined) => (d ? `${d}T23:59:59.999Z` : undefined);

/** The service's query for GET /v1/classifications/items/search. */
export function toServiceQuery(p: ClassificationSearchParams): Record<string, string | number | undefined> {
  return {
    externalReference: p.externalReference,
    creationDateFrom: startOfDay(p.createdFrom),
    creationDateTo: endOfDay(p.createdTo),
    lastUpdatedFrom: startOfDay(p.updatedFrom),
    lastUpdatedTo: endOfDay(p.updatedTo),
    hasBetterSuggestion: p.betterSuggestion ? 'true' : undefined,
    offset: p.offset ?? 0,
    limit: PAGE_SIZE,
  };
}

/**
 * The offset a result link points at. Links are paths relative to the service base
 * (`/v1/classifications/items/search?...&offset=50`); the filters they keep are already ours,
 * so the page only needs the offset to stay in its own URL.
 */
export function offsetOfLink(link: string | null | undefined): number | undefined {
  if (!link) return undefined;
  const query = link.includes('?') ? link.slice(link.indexOf('?') + 1) : '';
  const raw = new URLSearchParams(query).get('offset');
  const offset = raw === null ? 0 : Number(raw);
  return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
}
