import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { MovementOrdersPage } from '../../../features/movement-orders/components/movement-orders-page';

export const Route = createFileRoute('/_authenticated/movement-orders/')({
  beforeLoad: () => loadNamespaces('movementOrders'),
  component: MovementOrdersRoute,
});

function MovementOrdersRoute() {
  const navigate = Route.useNavigate();
  const { user } = Route.useRouteContext();
  return <MovementOrdersPage roles={user.roles} onOpen={(id) => void navigate({ to: '/movement-orders/$id', params: { id } })} />;
}
