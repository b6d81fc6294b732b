import { createFileRoute } from '@tanstack/react-router';
import { isAllowed } from '../../contract/operations';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { IngestionPage } from '../../features/ingestion/components/ingestion-page';
import { IngestHistorySection } from '../../features/ingestion/components/history/ingest-history-section';
import { historySearchSchema } from '../../features/ingestion/model/history/history-search';

export const Route = createFileRoute('/_authenticated/ingestion')({
  // The ingest history's filters (channel, type, outcome, days).
  validateSearch: historySearchSchema,
  beforeLoad: () => loadNamespaces('ingestion', 'classificationShared'),
  component: IngestionRoute,
});

function IngestionRoute() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const history = isAllowed(user.roles, 'GET /api/ingest-history') ? (
    <IngestHistorySection search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  ) : undefined;
  return <IngestionPage roles={user.roles} history={history} />;
}
