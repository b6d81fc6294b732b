import {
  MOVEMENT_ORDER_EVENT_TYPE,
  movementOrderEventDataSchema,
  type MovementOrderEventData,
  type MovementOrderStatus,
} from '../../../contract/movement-orders';
import type { LiveEvent } from '../../../contract/live';

/** One movement order as the latest live event of this session reported it. */
export interface SeenMovementOrder {
  id: string;
  externalReference: string;
  type: string;
  status: MovementOrderStatus;
  eventTime: string;
}

/** The data of a MovementOrderStatusChanged event, or undefined for any other or malformed event. */
export function movementOrderEventData(event: LiveEvent): MovementOrderEventData | undefined {
  if (event.eventType !== MOVEMENT_ORDER_EVENT_TYPE) return undefined;
  const parsed = movementOrderEventDataSchema.safeParse(event.data);
  return parsed.success ? parsed.data : undefined;
}

/** Adds or updates the order of `event` (latest eventTime wins: events can arrive out of order), newest first. */
export function withSeenOrder(seen: readonly SeenMovementOrder[], event: LiveEvent, max = 50): readonly SeenMovementOrder[] {
  const data = movementOrderEventData(event);
  if (!data) return seen;
  const previous = seen.find((s) => s.id === data.id);
  if (previous && previous.eventTime > event.eventTime) return seen;
  const next: SeenMovementOrder = {
    id: data.id,
    externalReference: data.externalReference,
    type: data.type,
    status: data.status,
    eventTime: event.eventTime,
  };
  return [next, ...seen.filter((s) => s.id !== data.id)].slice(0, max);
}
