import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardSchema, type DashboardQuery } from '../../../contract/dashboard';
import { slaTargetsStateSchema, type SlaTargets } from '../../../contract/sla-targets';
import { request } from '../../../lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const, figures: (q: DashboardQuery) => [...dashboardKeys.all, 'figures', q] as const };

/** GET /api/dashboard: refreshed every minute while open; the figures of the previous filters stay on screen while new ones load. */
export const dashboardQueryOptions = (q: DashboardQuery) =>
  queryOptions({
    queryKey: dashboardKeys.figures(q),
    queryFn: ({ signal }) => request('/dashboard', { query: { ...q }, schema: dashboardSchema, signal }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** PUT /api/sla-targets (supervisors): the dashboard's breaches are counted again with the new targets. */
export function useSaveSlaTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targets: SlaTargets) => request('/sla-targets', { method: 'PUT', body: targets, schema: slaTargetsStateSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
