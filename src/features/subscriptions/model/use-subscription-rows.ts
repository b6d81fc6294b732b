import { useQueries, useQuery } from '@tanstack/react-query';
import type { Subscription } from '../../../contract/subscriptions';
import { consoleSubscriptionsQueryOptions, subscriptionListQueryOptions, subscriptionQueryOptions } from '../api/subscriptions.queries';
import { sortRows, toRow, type SubscriptionRow } from './subscription-rows';

export interface LoadedRow extends SubscriptionRow {
  detail: Subscription | undefined;
  detailError: unknown;
  retryDetail: () => void;
}

/**
 * The list, completed by one single read per subscription (the list has no destinations, API-4),
 * all reads in parallel. A row whose read failed still shows with its own retry.
 */
export function useSubscriptionRows(origin: string, enabled: boolean) {
  const list = useQuery({ ...subscriptionListQueryOptions(), enabled });
  const items = list.data ?? [];
  const details = useQueries({ queries: items.map((item) => subscriptionQueryOptions(item.id)) });
  // The BFF names its own subscriptions; the destination URL is the fallback when it cannot be asked.
  const consoleIds = new Set(useQuery({ ...consoleSubscriptionsQueryOptions(), enabled }).data ?? []);
  const loaded = items.map((item, i) => {
    const detail = details[i];
    const row = toRow(item, detail?.data, origin);
    return {
      row: { ...row, live: row.live || consoleIds.has(item.id) },
      detail: detail?.data,
      detailError: detail?.error ?? undefined,
      retryDetail: () => void detail?.refetch(),
    };
  });
  const byId = new Map(loaded.map((l) => [l.row.id, l]));
  const rows: LoadedRow[] = sortRows(loaded.map((l) => l.row)).flatMap((row) => {
    const l = byId.get(row.id);
    return l ? [{ ...row, detail: l.detail, detailError: l.detailError, retryDetail: l.retryDetail }] : [];
  });
  return { list, rows };
}
