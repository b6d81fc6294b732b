import type { AccountInfo } from '@azure/msal-browser';
import { knownRoles, userClaimsSchema, type Role } from '../../contract/user-claims';

export interface SignedInUser {
  /** Stable id of the user (Entra `oid`, else `sub`): what the console keys the user's stored work by. */
  id: string;
  name: string;
  username: string;
  roles: Role[];
  tenantId?: string | undefined;
}

/** The user as the header shows them, from the ID token claims (Entra ID and the sandbox issue the same ones). */
export function signedInUser(account: AccountInfo): SignedInUser {
  const parsed = userClaimsSchema.safeParse(account.idTokenClaims ?? {});
  const claims = parsed.success ? parsed.data : undefined;
  return {
    id: account.localAccountId || claims?.sub || account.homeAccountId,
    name: claims?.name ?? account.name ?? account.username,
    username: claims?.preferred_username ?? account.username,
    roles: knownRoles(claims?.roles ?? []),
    tenantId: claims?.tid ?? account.tenantId,
  };
}
