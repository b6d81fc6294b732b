import { createFileRoute } from '@tanstack/react-router';
import { isAllowed } from '../../contract/operations';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { subscriptionListQueryOptions } from '../../features/subscriptions/api/subscriptions.queries';
import { SubscriptionsPage } from '../../features/subscriptions/components/subscriptions-page';

export const Route = createFileRoute('/_authenticated/subscriptions')({
  beforeLoad: () => loadNamespaces('subscriptions'),
  // Started, not awaited: the page shows its own loading, error and retry states.
  loader: ({ context }) => {
    if (!isAllowed(context.user.roles, 'GET /v1/subscriptions')) return;
    void context.queryClient.ensureQueryData(subscriptionListQueryOptions()).catch(() => undefined);
  },
  component: SubscriptionsRoute,
});

function SubscriptionsRoute() {
  const { user } = Route.useRouteContext();
  return <SubscriptionsPage roles={user.roles} origin={window.location.origin} />;
}
