import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { radarQueryOptions } from '../../features/radar/api/radar.queries';
import { RadarPage } from '../../features/radar/components/radar-page';

export const Route = createFileRoute('/_authenticated/radar')({
  beforeLoad: () => loadNamespaces('radar'),
  // Started, not awaited: the page shows its own loading, error and retry states.
  loader: ({ context }) => void context.queryClient.ensureQueryData(radarQueryOptions(60)).catch(() => undefined),
  component: RadarPage,
});
