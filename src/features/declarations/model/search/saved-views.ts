import { z } from 'zod';
import { declarationFiltersSchema, filtersOf, sameFilters, type DeclarationFilters, type DeclarationsSearch } from './search-params';

/**
 * Saved views are nothing but named filters: applying one navigates to its URL search state.
 * Ready-made views follow the sandbox's names (src/sandbox/declarations/README.md): "Validated"
 * is its status for valid declarations waiting for an explicit Submit, pre-lodge declarations sit
 * in the flow step "Pre-lodge", excise e-ADs in "e-AD" (dispatch) and "e-AD Receipt" and stay
 * Accepted until the receipt report.
 */
export interface SavedView {
  id: string;
  name: string;
  filters: DeclarationFilters;
}

/** A ready-made view: its name and description are in the `declarations` catalog under its id (views.readyMade). */
export interface ReadyMadeView {
  id: 'invalid' | 'customs-errors' | 'awaiting-submit' | 'pre-lodge-awaiting-arrival' | 'excise-awaiting-receipt';
  filters: DeclarationFilters;
}

export const READY_MADE_VIEWS: readonly ReadyMadeView[] = [
  { id: 'invalid', filters: { currentStatus: ['Invalid'] } },
  { id: 'customs-errors', filters: { currentStatus: ['CustomsError'] } },
  { id: 'awaiting-submit', filters: { currentStatus: ['Validated'] } },
  { id: 'pre-lodge-awaiting-arrival', filters: { customsFlowStep: ['Pre-lodge'], currentStatus: ['Accepted'] } },
  { id: 'excise-awaiting-receipt', filters: { customsFlowStep: ['e-AD', 'e-AD Receipt'], currentStatus: ['Accepted'] } },
];

const storedViewSchema = z.object({ id: z.string().min(1), name: z.string().min(1), filters: declarationFiltersSchema });
const storedViewsSchema = z.array(z.unknown()).catch([]);

/** The user's own views from storage; entries that no longer parse are dropped, not fatal. */
export function parseUserViews(raw: string | null): SavedView[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  return storedViewsSchema.parse(json).flatMap((entry) => {
    const parsed = storedViewSchema.safeParse(entry);
    return parsed.success ? [{ ...parsed.data, filters: filtersOf(parsed.data.filters) }] : [];
  });
}

/** In the user's own storage (ConsoleSession.storage). */
export const USER_VIEWS_STORAGE_KEY = 'declarations.views';

/** Adds a view (a name used again replaces the older view of that name). */
export function addUserView(views: readonly SavedView[], name: string, search: Partial<DeclarationsSearch>, id: string): SavedView[] {
  const trimmed = name.trim();
  return [...views.filter((v) => v.name.toLowerCase() !== trimmed.toLowerCase()), { id, name: trimmed, filters: filtersOf(search) }];
}

export function removeUserView(views: readonly SavedView[], id: string): SavedView[] {
  return views.filter((v) => v.id !== id);
}

/** The view whose filters the current search shows, if any (to mark it as the active one). */
export function activeView<View extends { filters: DeclarationFilters }>(
  views: readonly View[],
  search: Partial<DeclarationsSearch>,
): View | undefined {
  return views.find((v) => sameFilters(v.filters, search));
}
