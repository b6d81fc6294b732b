import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { isAllowed } from '../../contract/operations';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { myWorkQueryOptions, teamWorkQueryOptions } from '../../features/declarations/api/assignments.queries';
import { MyWorkPage } from '../../features/declarations/components/my-work/my-work-page';

/** ?queue=<'unassigned' | an owner's sub>: the queue a supervisor looks at. */
const searchSchema = z.object({ queue: z.string().min(1).max(200).optional() });

export const Route = createFileRoute('/_authenticated/my-work')({
  validateSearch: searchSchema,
  // The page's own wording, and the status badges' and the person picker's.
  beforeLoad: () => loadNamespaces('myWork', 'declarations'),
  // Started, not awaited: the page shows its own loading, error and retry states.
  loader: ({ context }) => {
    if (isAllowed(context.user.roles, 'GET /api/my-work'))
      void context.queryClient.ensureQueryData(myWorkQueryOptions()).catch(() => undefined);
    if (isAllowed(context.user.roles, 'GET /api/work-queue'))
      void context.queryClient.ensureQueryData(teamWorkQueryOptions()).catch(() => undefined);
  },
  component: MyWorkRoute,
});

function MyWorkRoute() {
  const { user } = Route.useRouteContext();
  const { queue } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyWorkPage roles={user.roles} queue={queue} onQueue={(next) => void navigate({ search: { queue: next }, resetScroll: false })} />;
}
