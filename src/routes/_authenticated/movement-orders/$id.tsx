import { createFileRoute } from '@tanstack/react-router';
import { mayOpenPage } from '../../../contract/console-pages';
import { movementOrderQueryOptions } from '../../../features/movement-orders/api/movement-orders.queries';
import { MovementOrderDetailPage } from '../../../features/movement-orders/components/movement-order-detail-page';

export const Route = createFileRoute('/_authenticated/movement-orders/$id')({
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
