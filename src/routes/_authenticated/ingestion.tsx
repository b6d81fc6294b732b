import { createFileRoute } from '@tanstack/react-router';
import { IngestionPage } from '../../features/ingestion/components/ingestion-page';

export const Route = createFileRoute('/_authenticated/ingestion')({
  component: IngestionRoute,
});

function IngestionRoute() {
  const { user } = Route.useRouteContext();
  return <IngestionPage roles={user.roles} />;
}
