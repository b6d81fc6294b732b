import { createFileRoute } from '@tanstack/react-router';
import { authorizationStatusQuery } from '../../features/connection/api/connection.queries';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { ConnectionPage } from '../../features/connection/components/connection-page';

export const Route = createFileRoute('/_authenticated/connection')({
  beforeLoad: () => loadNamespaces('connection'),
  // Start the request during navigation; the page shows loading and errors itself.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(authorizationStatusQuery());
  },
  component: ConnectionPage,
});
