import { isEditableStatus } from '../../../../contract/declaration-statuses';
import { isAllowed, type OperationKey } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';

/** Why not, as a cause the page words in the user's language (the `declaration` catalog, editability.*). */
export type Editability = { editable: true } | { editable: false; cause: 'status'; status: string } | { editable: false; cause: 'role' };

/**
 * Whether the header or goods items can be changed now, and if not, why: the status
 * (docs/service-facts.md 1.2: before submission or after customs rejects it) or the user's role.
 */
export function editability(status: string, roles: readonly Role[], operation: OperationKey): Editability {
  if (!isEditableStatus(status)) return { editable: false, cause: 'status', status };
  if (!isAllowed(roles, operation)) return { editable: false, cause: 'role' };
  return { editable: true };
}
