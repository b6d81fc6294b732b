import { useCallback, useState } from 'react';
import { sameFilters, type DeclarationFilters } from './search-params';

/** The applied filters, the ones the form started from, the ones it searched for itself (if any since), and its key. */
export interface FilterFormKeyState {
  applied: DeclarationFilters;
  initial: DeclarationFilters;
  ownSearch: DeclarationFilters | undefined;
  key: number;
}

/**
 * The state after the URL's filters became `applied`: a new key (the form starts afresh from them)
 * when they came from elsewhere (a saved view, Back, Clear filters, an edited address); the same key
 * when they are what the form itself just searched for, since its draft already shows them.
 * Unchanged filters return the same state object.
 */
export function nextFilterFormKey(state: FilterFormKeyState, applied: DeclarationFilters): FilterFormKeyState {
  if (sameFilters(state.applied, applied)) return state;
  const own = state.ownSearch !== undefined && sameFilters(state.ownSearch, applied);
  return own ? { ...state, applied, ownSearch: undefined } : { applied, initial: applied, ownSearch: undefined, key: state.key + 1 };
}

/**
 * The filter form's `key` and the filters it starts from (the same object until it is remounted),
 * and what to call when the form searches. Remounting the form's twenty Mantine inputs after every
 * search was a third of the time from Search to the new rows; it is only needed when the filters
 * change under the form.
 */
export function useFilterFormKey(applied: DeclarationFilters): {
  key: number;
  initial: DeclarationFilters;
  onOwnSearch: (filters: DeclarationFilters) => void;
} {
  const [state, setState] = useState<FilterFormKeyState>({ applied, initial: applied, ownSearch: undefined, key: 0 });
  const next = nextFilterFormKey(state, applied);
  // Adjusting state to a changed prop during render (React's documented pattern): no extra commit.
  if (next !== state) setState(next);
  const onOwnSearch = useCallback((filters: DeclarationFilters) => setState((s) => ({ ...s, ownSearch: filters })), []);
  return { key: next.key, initial: next.initial, onOwnSearch };
}
