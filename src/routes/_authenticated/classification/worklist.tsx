import { createFileRoute } from '@tanstack/react-router';
import { worklistQueryOptions } from '../../../features/classification/api/workbench.queries';
import { AnalystOnlyPage, isAnalyst } from '../../../features/classification/components/analyst-only';
import { WorklistPage } from '../../../features/classification/components/worklist/worklist-page';

export const Route = createFileRoute('/_authenticated/classification/worklist')({
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
