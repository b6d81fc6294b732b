import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { declarationsPageQueryOptions } from '../../../features/declarations/api/declarations.queries';
import { DeclarationsSearchPage } from '../../../features/declarations/components/search/declarations-search-page';
import {
  DEFAULT_PAGE_SIZE,
  declarationsSearchSchema,
  type DeclarationsSearch,
  singleValuesAsText,
  toServiceQuery,
} from '../../../features/declarations/model/search/search-params';

export const Route = createFileRoute('/_authenticated/declarations/')({
  validateSearch: declarationsSearchSchema,
  // Readable addresses: default paging left out (/declarations is the first page of 25), a single status as plain text.
  search: {
    middlewares: [stripSearchParams({ limit: DEFAULT_PAGE_SIZE, offset: 0 }), ({ search, next }) => singleValuesAsText(next(search))],
  },
  loaderDeps: ({ search }) => search,
  beforeLoad: () => loadNamespaces('declarations'),
  // Started, not awaited: the filters and the current rows stay on screen while a page loads, and
  // the page itself shows skeleton rows, "no match" and errors with a retry.
  loader: ({ context, deps }) => {
    void context.queryClient.ensureQueryData(declarationsPageQueryOptions(toServiceQuery(deps), deps.owner)).catch(() => undefined);
  },
  component: DeclarationsRoute,
});

function DeclarationsRoute() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((next: DeclarationsSearch) => void navigate({ search: next }), [navigate]);
  return <DeclarationsSearchPage search={search} roles={user.roles} onSearch={onSearch} />;
}
