import { createFileRoute } from '@tanstack/react-router';
import { authorizationStatusQuery } from '../../features/connection/api/connection.queries';
import { ConnectionPage } from '../../features/connection/components/connection-page';

export const Route = createFileRoute('/_authenticated/connection')({
  // Start the request during navigation; the page shows loading and errors itself.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(authorizationStatusQuery());
  },
  component: ConnectionPage,
});
