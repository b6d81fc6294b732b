import { randomUUID } from 'node:crypto';
import {
  DESTINATION_TYPE,
  MASKED_SECRET,
  type DestinationDescription,
  type Subscription,
  type SubscriptionCreate,
  type SubscriptionSummary,
} from '../../contract/subscriptions.js';
import type { StoredDestination, StoredSubscription } from '../store/platform/subscriptions-repository.js';

/** Drops nulls (read as absent) so the stored form has only what was given. */
function toStored(d: DestinationDescription): StoredDestination {
  const out: StoredDestination = {
    destinationUrl: d.destinationUrl,
    additionalHeaders: (d.additionalHeaders ?? []).map((h) => ({ name: h.name, value: h.value })),
  };
  if (d.accessTokenUrl) out.accessTokenUrl = d.accessTokenUrl;
  if (d.clientId) out.clientId = d.clientId;
  if (d.clientSecret) out.clientSecret = d.clientSecret;
  if (d.scope) out.scope = d.scope;
  if (d.audience) out.audience = d.audience;
  return out;
}

/** A new subscription of the tenant from a validated creation body. */
export function newSubscription(tenantId: string, body: SubscriptionCreate, createdAt: number): StoredSubscription {
  return {
    id: randomUUID(),
    tenantId,
    eventType: body.eventType,
    ...(body.eventSubType ? { eventSubType: body.eventSubType } : {}),
    destinationType: DESTINATION_TYPE,
    destination: toStored(body.destinationDescription),
    createdAt,
  };
}

/** 201 answer and list element: no destination details (specification, Subscriptions). */
export function toSummary(sub: StoredSubscription): SubscriptionSummary {
  return {
    id: sub.id,
    eventType: sub.eventType,
    ...(sub.eventSubType ? { eventSubType: sub.eventSubType } : {}),
    subscriptionDestination: { destinationType: sub.destinationType },
  };
}

/** Single read: with destination details, clientSecret and every additional header value masked. */
export function toResource(sub: StoredSubscription): Subscription {
  const d = sub.destination;
  return {
    ...toSummary(sub),
    destinationDescription: {
      destinationUrl: d.destinationUrl,
      ...(d.accessTokenUrl ? { accessTokenUrl: d.accessTokenUrl } : {}),
      ...(d.clientId ? { clientId: d.clientId } : {}),
      ...(d.clientSecret ? { clientSecret: MASKED_SECRET } : {}),
      ...(d.scope ? { scope: d.scope } : {}),
      ...(d.audience ? { audience: d.audience } : {}),
      additionalHeaders: d.additionalHeaders.map((h) => ({ name: h.name, value: MASKED_SECRET })),
    },
  };
}
