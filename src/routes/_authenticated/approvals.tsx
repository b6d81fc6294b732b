import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { approvalsQueryOptions } from '../../features/approvals/api/approvals.queries';
import { ApprovalsPage } from '../../features/approvals/components/approvals-page';

export const Route = createFileRoute('/_authenticated/approvals')({
  beforeLoad: () => loadNamespaces('approvals'),
  // Started, not awaited: the page shows its own loading, error and retry states.
  loader: ({ context }) => void context.queryClient.ensureQueryData(approvalsQueryOptions()).catch(() => undefined),
  component: ApprovalsRoute,
});

function ApprovalsRoute() {
  const { user } = Route.useRouteContext();
  return <ApprovalsPage roles={user.roles} />;
}
