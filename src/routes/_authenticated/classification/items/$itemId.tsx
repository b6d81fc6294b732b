import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { classificationItemQueryOptions } from '../../../../features/classification/api/classification.queries';
import { AnalystOnlyPage, isAnalyst } from '../../../../features/classification/components/analyst-only';
import { ItemPage } from '../../../../features/classification/components/item/item-page';

export const Route = createFileRoute('/_authenticated/classification/items/$itemId')({
  beforeLoad: () => loadNamespaces('classification'),
  // Started, not awaited: the page shows loading and errors (a 403 as the analyst notice) itself.
  loader: ({ context, params }) => {
    if (isAnalyst(context.user.roles))
      void context.queryClient.ensureQueryData(classificationItemQueryOptions(params.itemId)).catch(() => undefined);
  },
  component: ItemRoute,
});

function ItemRoute() {
  const { itemId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  if (!isAnalyst(user.roles)) return <AnalystOnlyPage />;
  return <ItemPage key={itemId} itemId={itemId} onDeleted={() => void navigate({ to: '/classification' })} />;
}
