import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { classificationSearchQueryOptions } from '../../../features/classification/api/classification.queries';
import { AnalystOnlyPage, isAnalyst } from '../../../features/classification/components/analyst-only';
import { ClassificationSearchPage } from '../../../features/classification/components/search/classification-search-page';
import { classificationSearchParamsSchema, toServiceQuery } from '../../../features/classification/model/search/search-params';

export const Route = createFileRoute('/_authenticated/classification/')({
  validateSearch: classificationSearchParamsSchema,
  search: { middlewares: [stripSearchParams({ offset: 0 })] },
  loaderDeps: ({ search }) => search,
  // The new-item dialog's code field reads classificationShared.
  beforeLoad: () => loadNamespaces('classification', 'classificationShared'),
  // Started, not awaited: the page shows its own loading rows and errors. Non-analysts are refused by the BFF, so nothing is asked.
  loader: ({ context, deps }) => {
    if (isAnalyst(context.user.roles))
      void context.queryClient.ensureQueryData(classificationSearchQueryOptions(toServiceQuery(deps))).catch(() => undefined);
  },
  component: ClassificationRoute,
});

function ClassificationRoute() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  if (!isAnalyst(user.roles)) return <AnalystOnlyPage />;
  return (
    <ClassificationSearchPage
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      // Opening an item leaves nothing unsaved behind: the new-item form has just been sent (its guard must not ask).
      onOpenItem={(itemId) => void navigate({ to: '/classification/items/$itemId', params: { itemId }, ignoreBlocker: true })}
    />
  );
}
