import { isAllowed, type BffOperationKey, type OperationKey } from '../../../contract/operations';
import type { Role } from '../../../contract/user-claims';

/** The console's sections, in menu order (routes fixed by docs/architecture.md section 6). */
export const NAV_ITEMS = [
  { to: '/declarations', label: 'Declarations' },
  { to: '/review', label: 'Review desk', requires: 'GET /api/review' },
  { to: '/classification', label: 'Classification' },
  { to: '/subscriptions', label: 'Subscriptions' },
  { to: '/movement-orders', label: 'Movement orders' },
  { to: '/ingestion', label: 'Ingestion' },
  { to: '/events', label: 'Events' },
  { to: '/connection', label: 'Connection' },
] as const;

/** A section whose page needs an operation only some roles have is listed for those roles only. */
export function isNavItemShown(item: { to: string; requires?: OperationKey | BffOperationKey }, roles: readonly Role[]): boolean {
  return item.requires === undefined || isAllowed(roles, item.requires);
}
