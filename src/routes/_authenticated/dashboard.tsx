import { createFileRoute } from '@tanstack/react-router';
import { isAllowed } from '../../contract/operations';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { dashboardQueryOptions } from '../../features/dashboard/api/dashboard.queries';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { dashboardSearchSchema, toDashboardQuery } from '../../features/dashboard/model/dashboard-search';

export const Route = createFileRoute('/_authenticated/dashboard')({
  validateSearch: dashboardSearchSchema,
  loaderDeps: ({ search }) => search,
  beforeLoad: () => loadNamespaces('dashboard', 'declarations'),
  // Started, not awaited: the page shows its own loading, error and retry states.
  loader: ({ context, deps }) => {
    if (!isAllowed(context.user.roles, 'GET /api/dashboard')) return;
    void context.queryClient.ensureQueryData(dashboardQueryOptions(toDashboardQuery(deps))).catch(() => undefined);
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <DashboardPage
      search={search}
      query={toDashboardQuery(search)}
      roles={user.roles}
      onSearch={(next) => void navigate({ search: next })}
    />
  );
}
