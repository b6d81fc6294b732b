import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { notificationsQueryOptions } from '../../features/notifications/api/notifications.queries';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';

export const Route = createFileRoute('/_authenticated/notifications')({
  beforeLoad: () => loadNamespaces('notifications'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(notificationsQueryOptions('all'));
  },
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { user } = Route.useRouteContext();
  return <NotificationsPage roles={user.roles} />;
}
