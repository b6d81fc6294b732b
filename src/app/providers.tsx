import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ConsoleDatesProvider } from '../components/dates-locale';
import { LazyNotifications } from './lazy-notifications';
import { cssVariablesResolver, theme } from './theme';

// Devtools only in development, and as their own chunk.
const QueryDevtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })))
  : null;

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>
        {/* Routes load their catalogs before they render (loadNamespaces); this only catches one that did not. */}
        <Suspense fallback={null}>
          <ConsoleDatesProvider>{children}</ConsoleDatesProvider>
        </Suspense>
        {QueryDevtools && (
          <Suspense fallback={null}>
            <QueryDevtools buttonPosition="bottom-left" />
          </Suspense>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
