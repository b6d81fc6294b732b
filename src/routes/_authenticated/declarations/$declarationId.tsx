import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../components/problem-alert';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { declarationQueryOptions } from '../../../features/declarations/api/declarations.queries';
import { DeclarationDetailPage } from '../../../features/declarations/components/detail/declaration-detail-page';

/** ?item=<governmentAgencyGoodsItemId | new>&field=<goods item field>: the item editor, open on one field. */
const searchSchema = z.object({ item: z.string().min(1).optional(), field: z.string().min(1).optional() });

export const Route = createFileRoute('/_authenticated/declarations/$declarationId')({
  validateSearch: searchSchema,
  beforeLoad: () => loadNamespaces('declaration', 'actions', 'declarations', 'review', 'classificationShared'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(declarationQueryOptions(params.declarationId)),
  component: DeclarationRoute,
  errorComponent: DeclarationLoadError,
});

function DeclarationLoadError({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useTranslation('declaration');
  return <ProblemAlert error={error} title={t('page.loadFailed')} onRetry={reset} />;
}

function DeclarationRoute() {
  const { declarationId } = Route.useParams();
  const { item, field } = Route.useSearch();
  const { user, config } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <DeclarationDetailPage
      declarationId={declarationId}
      roles={user.roles}
      environment={config.environment}
      openItem={item}
      focusField={field}
      onNavigateItem={(next, nextField) => void navigate({ search: { item: next, field: nextField }, replace: true })}
    />
  );
}
