import { isEditableStatus } from '../../../../contract/declaration-statuses';
import { isAllowed, type OperationKey } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';

export type Editability = { editable: true } | { editable: false; reason: string };

/**
 * Whether the header or goods items can be changed now, and if not, why in words: the status
 * (docs/service-facts.md 1.2: before submission or after customs rejects it) or the user's role.
 */
export function editability(status: string, roles: readonly Role[], operation: OperationKey): Editability {
  if (!isEditableStatus(status)) {
    return { editable: false, reason: `Editing is possible before submission or after customs rejects it; this declaration is ${status}.` };
  }
  if (!isAllowed(roles, operation))
    return { editable: false, reason: 'Your role can read declarations but not change them; a clerk or supervisor can.' };
  return { editable: true };
}
