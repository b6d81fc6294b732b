import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { isAllowed } from '../../contract/operations';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { reviewSummaryQueryOptions } from '../../features/declarations/api/review.queries';
import { ReviewDeskPage } from '../../features/declarations/components/review/review-desk-page';

/** ?code=<error code>: the open group. */
const searchSchema = z.object({ code: z.string().min(1).max(64).optional() });

export const Route = createFileRoute('/_authenticated/review')({
  validateSearch: searchSchema,
  // The desk's wording, and the status badges'.
  beforeLoad: () => loadNamespaces('review', 'declarations'),
  // Started, not awaited: the page shows its own loading, error and retry states.
  loader: ({ context }) => {
    if (!isAllowed(context.user.roles, 'GET /api/review')) return;
    void context.queryClient.ensureQueryData(reviewSummaryQueryOptions()).catch(() => undefined);
  },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { user } = Route.useRouteContext();
  const { code } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReviewDeskPage roles={user.roles} code={code} onOpenCode={(next) => void navigate({ search: { code: next }, resetScroll: false })} />
  );
}
