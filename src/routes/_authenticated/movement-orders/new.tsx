import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { NewMovementOrderPage } from '../../../features/movement-orders/components/create/new-movement-order-page';

export const Route = createFileRoute('/_authenticated/movement-orders/new')({
  beforeLoad: () => loadNamespaces('movementOrders'),
  component: NewMovementOrderRoute,
});

function NewMovementOrderRoute() {
  const { user } = Route.useRouteContext();
  return <NewMovementOrderPage roles={user.roles} />;
}
