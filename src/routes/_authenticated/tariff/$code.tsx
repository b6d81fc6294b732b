import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { TariffCodePage } from '../../../features/tariff/components/tariff-code-page';

export const Route = createFileRoute('/_authenticated/tariff/$code')({
  beforeLoad: () => loadNamespaces('tariff', 'classificationShared'),
  component: TariffCodeRoute,
});

function TariffCodeRoute() {
  const { code } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <TariffCodePage key={code} code={code} roles={user.roles} />;
}
