import { CUSTOMS_DESTINATIONS, MOVEMENT_CATEGORIES, MOVEMENT_TYPES, type MovementOrderStatus } from '../../../contract/movement-orders';

interface StatusLook {
  color: string;
  meaning: string;
}

/** Every status of the state machine (sandbox README), in words a warehouse clerk understands. */
export const MOVEMENT_ORDER_STATUS_LOOKS: Readonly<Record<MovementOrderStatus, StatusLook>> = {
  Submitted: { color: 'indigo', meaning: 'Received by the service; its checks have not run yet.' },
  Valid: { color: 'blue', meaning: 'Passed the checks and waits to be booked into the stock records.' },
  Invalid: { color: 'orange', meaning: 'Failed the checks (see the validation errors). Final: correct it and send a new order.' },
  MissingDensity: {
    color: 'orange',
    meaning: 'An energy product line gives weight or litres at 15 °C but not both. Final: send a new order with both.',
  },
  Processed: { color: 'green', meaning: 'Booked into the stock records. Nothing more to do.' },
  ProcessingError: { color: 'red', meaning: 'Booking into the stock records failed (see the validation errors). Final: send a new order.' },
  Invalidating: { color: 'grape', meaning: 'Undoing a processed order was asked for; waiting for the outcome.' },
  Invalidated: { color: 'gray', meaning: 'The processed order was undone. It no longer counts.' },
  InvalidationRejected: { color: 'red', meaning: 'Undoing the order was refused (see the validation errors); it still counts.' },
};

const meaningOf = (list: readonly { code: string; meaning: string }[], code: string | undefined): string | undefined =>
  list.find((entry) => entry.code === code)?.meaning;

/** "RFFC – Release for free circulation"; an unknown code as it is. */
export function movementTypeLabel(type: string): string {
  const meaning = meaningOf(MOVEMENT_TYPES, type);
  return meaning ? `${type} – ${meaning}` : type;
}

/** "Export (register column 6)"; an unknown category as it is. */
export function categoryLabel(category: string): string {
  const found = MOVEMENT_CATEGORIES.find((c) => c.code === category);
  return found ? `${found.code} – ${found.meaning} (register column ${found.column})` : category;
}

export function customsDestinationLabel(destination: string): string {
  const meaning = meaningOf(CUSTOMS_DESTINATIONS, destination);
  return meaning ? `${destination} – ${meaning}` : destination;
}
