import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { TariffPage } from '../../../features/tariff/components/tariff-page';
import { tariffPageSearchSchema } from '../../../features/tariff/model/tariff-search-params';

export const Route = createFileRoute('/_authenticated/tariff/')({
  validateSearch: tariffPageSearchSchema,
  beforeLoad: () => loadNamespaces('tariff'),
  component: TariffRoute,
});

function TariffRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // A new search replaces the text the page started with.
  return <TariffPage key={search.q ?? ''} search={search} onSearch={(next) => void navigate({ search: next })} />;
}
