import { CUSTOMS_DESTINATIONS, MOVEMENT_CATEGORIES, MOVEMENT_TYPES, type MovementOrderStatus } from '../../../contract/movement-orders';

/**
 * The colour of every status of the state machine (sandbox README). The status names are the
 * service's and stay as it writes them; what each means for a warehouse clerk is in the
 * `movementOrders` catalog (status.<name>).
 */
export const MOVEMENT_ORDER_STATUS_COLORS: Readonly<Record<MovementOrderStatus, string>> = {
  Submitted: 'indigo',
  Valid: 'blue',
  Invalid: 'orange',
  MissingDensity: 'orange',
  Processed: 'green',
  ProcessingError: 'red',
  Invalidating: 'grape',
  Invalidated: 'gray',
  InvalidationRejected: 'red',
};

const meaningOf = (list: readonly { code: string; meaning: string }[], code: string | undefined): string | undefined =>
  list.find((entry) => entry.code === code)?.meaning;

/** "RFFC – Release for free circulation" (the code list's English); an unknown code as it is. */
export function movementTypeLabel(type: string): string {
  const meaning = meaningOf(MOVEMENT_TYPES, type);
  return meaning ? `${type} – ${meaning}` : type;
}

/** "Export – Export" with its excise register column; an unknown category as it is (no column). */
export function categoryLabel(category: string): { label: string; column?: string } {
  const found = MOVEMENT_CATEGORIES.find((c) => c.code === category);
  return found ? { label: `${found.code} – ${found.meaning}`, column: found.column } : { label: category };
}

export function customsDestinationLabel(destination: string): string {
  const meaning = meaningOf(CUSTOMS_DESTINATIONS, destination);
  return meaning ? `${destination} – ${meaning}` : destination;
}
