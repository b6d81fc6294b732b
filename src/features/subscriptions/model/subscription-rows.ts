import type { Subscription, SubscriptionListItem } from '../../../contract/subscriptions';

/** How the service authenticates toward the receiver; its words are in the `subscriptions` catalog (auth.<kind>). */
export type AuthKind = 'oauth' | 'header' | 'none';

/** One table row: the list item, completed by the single read when it has arrived. */
export interface SubscriptionRow {
  id: string;
  eventType: string | undefined;
  /** undefined: every subtype. */
  eventSubType: string | undefined;
  destinationUrl: string | undefined;
  auth: AuthKind | undefined;
  headerNames: string[];
  /** The BFF's own subscription for this console's live updates. */
  live: boolean;
}

export const liveDestinationUrl = (origin: string) => `${origin.replace(/\/+$/, '')}/webhooks/customs`;

export function authKindOf(subscription: Subscription): AuthKind {
  const d = subscription.destinationDescription;
  if (d.accessTokenUrl) return 'oauth';
  return (d.additionalHeaders ?? []).length > 0 ? 'header' : 'none';
}

/** The list may be bare ids (see subscriptionListSchema): read a summary field only when present. */
const listedText = (item: SubscriptionListItem, key: 'eventType' | 'eventSubType'): string | undefined => {
  const value: unknown = Object.entries(item).find(([k]) => k === key)?.[1];
  return typeof value === 'string' ? value : undefined;
};

export function toRow(item: SubscriptionListItem, detail: Subscription | undefined, origin: string): SubscriptionRow {
  const destinationUrl = detail?.destinationDescription.destinationUrl;
  return {
    id: item.id,
    eventType: detail?.eventType ?? listedText(item, 'eventType'),
    eventSubType: (detail ? detail.eventSubType : listedText(item, 'eventSubType')) ?? undefined,
    destinationUrl,
    auth: detail ? authKindOf(detail) : undefined,
    headerNames: (detail?.destinationDescription.additionalHeaders ?? []).map((h) => h.name),
    live: destinationUrl !== undefined && destinationUrl === liveDestinationUrl(origin),
  };
}

/** Stable order: by event type, then subtype (all first), then destination. */
export function sortRows(rows: readonly SubscriptionRow[]): SubscriptionRow[] {
  const key = (r: SubscriptionRow) => [r.eventType ?? '\uffff', r.eventSubType ?? '', r.destinationUrl ?? '', r.id];
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      const c = (ka[i] ?? '').localeCompare(kb[i] ?? '');
      if (c !== 0) return c;
    }
    return 0;
  });
}
