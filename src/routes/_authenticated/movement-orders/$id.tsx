import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { mayOpenPage } from '../../../contract/console-pages';
import { movementOrderQueryOptions } from '../../../features/movement-orders/api/movement-orders.queries';
import { MovementOrderDetailPage } from '../../../features/movement-orders/components/movement-order-detail-page';

export const Route = createFileRoute('/_authenticated/movement-orders/$id')({
  beforeLoad: () => loadNamespaces('movementOrders'),
  // Started, not awaited: the page shows its own loading, not-found and error states.
  loader: ({ context, params }) => {
    if (!mayOpenPage(context.user.roles, '/movement-orders')) return;
    void context.queryClient.ensureQueryData(movementOrderQueryOptions(params.id)).catch(() => undefined);
  },
  component: MovementOrderRoute,
});

function MovementOrderRoute() {
  const { id } = Route.useParams();
  return <MovementOrderDetailPage id={id} />;
}
