import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { worklistQueryOptions } from '../../../features/classification/api/workbench.queries';
import { AnalystOnlyPage, isAnalyst } from '../../../features/classification/components/analyst-only';
import { WorklistPage } from '../../../features/classification/components/worklist/worklist-page';

export const Route = createFileRoute('/_authenticated/classification/worklist')({
  beforeLoad: () => loadNamespaces('classification'),
  // Started, not awaited: the page shows its own loading row and errors.
  loader: ({ context }) => {
    if (isAnalyst(context.user.roles)) void context.queryClient.ensureQueryData(worklistQueryOptions()).catch(() => undefined);
  },
  component: WorklistRoute,
});

function WorklistRoute() {
  const { user } = Route.useRouteContext();
  if (!isAnalyst(user.roles)) return <AnalystOnlyPage />;
  return <WorklistPage />;
}
