import { createFileRoute } from '@tanstack/react-router';
import { healthQueryOptions } from '../../features/health/api/health.queries';
import { HealthPage } from '../../features/health/components/health-page';
import { loadNamespaces } from '../../lib/i18n/i18n';

export const Route = createFileRoute('/_authenticated/health')({
  beforeLoad: () => loadNamespaces('health'),
  // Started, not awaited: the page shows its own loading, error and retry states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(healthQueryOptions()),
  component: HealthPage,
});
