import { createFileRoute } from '@tanstack/react-router';
import { NewMovementOrderPage } from '../../../features/movement-orders/components/create/new-movement-order-page';

export const Route = createFileRoute('/_authenticated/movement-orders/new')({
  component: NewMovementOrderRoute,
});

function NewMovementOrderRoute() {
  const { user } = Route.useRouteContext();
  // Drafts are kept per user: the same browser can be shared by colleagues.
  return <NewMovementOrderPage draftOwner={`${user.tenantId ?? '-'}/${user.username}`} roles={user.roles} />;
}
