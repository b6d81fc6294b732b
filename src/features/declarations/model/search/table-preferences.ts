import { z } from 'zod';

/** Columns of the results table; the LRN column carries the row's link and is always shown. */
export const COLUMN_IDS = [
  'status',
  'errors',
  'lrn',
  'mrn',
  'arc',
  'externalReference',
  'ucr',
  'flow',
  'jurisdiction',
  'direction',
  'route',
  'storageLocation',
  'declarationDate',
  'creationDate',
  'lastUpdated',
  'owner',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];
export const ALWAYS_SHOWN: readonly ColumnId[] = ['lrn'];

/** What fits a 1440 px screen beside the navigation without scrolling sideways; ARC, external reference and the rest are a choice in the table settings. */
export const DEFAULT_COLUMNS: readonly ColumnId[] = [
  'status',
  'errors',
  'lrn',
  'mrn',
  'flow',
  'jurisdiction',
  'creationDate',
  'lastUpdated',
];

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

export interface TablePreferences {
  columns: ColumnId[];
  density: Density;
}

export const DEFAULT_TABLE_PREFERENCES: TablePreferences = { columns: [...DEFAULT_COLUMNS], density: 'comfortable' };

const preferencesSchema = z.object({
  // Unknown column ids (from an older console) are dropped rather than failing the whole entry.
  columns: z.array(z.string()).transform((ids) => normaliseColumns(ids)),
  density: z.enum(DENSITIES).catch('comfortable'),
});

/** In the user's own storage (ConsoleSession.storage). */
export const TABLE_PREFERENCES_STORAGE_KEY = 'declarations.table';

export function parseTablePreferences(raw: string | null): TablePreferences {
  if (!raw) return DEFAULT_TABLE_PREFERENCES;
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_TABLE_PREFERENCES;
  } catch {
    return DEFAULT_TABLE_PREFERENCES;
  }
}

/** Shown columns in the table's fixed order, whatever order the chooser reported them in. */
export function normaliseColumns(ids: readonly string[]): ColumnId[] {
  return COLUMN_IDS.filter((id) => ids.includes(id) || ALWAYS_SHOWN.includes(id));
}

/** Flow steps of excise movements (e-ADs): their rows are known by the ARC. */
const EXCISE_STEPS = ['e-AD', 'e-AD Receipt'];

/**
 * The columns shown for a search: the user's choice, plus the ARC when the search is about excise
 * movements (by flow step, an excise flow or an ARC), whose rows clerks tell apart by it.
 */
export function columnsForSearch(
  columns: readonly ColumnId[],
  filters: { customsFlowStep?: readonly string[] | undefined; customsFlow?: string | undefined; arc?: string | undefined },
): ColumnId[] {
  const excise =
    (filters.customsFlowStep ?? []).some((step) => EXCISE_STEPS.includes(step)) ||
    /excise/i.test(filters.customsFlow ?? '') ||
    (filters.arc ?? '') !== '';
  return excise ? normaliseColumns([...columns, 'arc']) : [...columns];
}
