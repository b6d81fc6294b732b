import { z } from 'zod';

/** Console roles (docs/architecture.md section 4). */
export const ROLES = ['clerk', 'supervisor', 'analyst'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * Claims the BFF relies on in the user's access token, as Entra ID issues them for an app
 * with app roles (and as the sandbox's OpenID Connect issuer mirrors them).
 */
export const userClaimsSchema = z.looseObject({
  sub: z.string(),
  /** Display name; Entra ID puts it in `name`. */
  name: z.string().optional(),
  preferred_username: z.string().optional(),
  /** Where alerts by e-mail go (Entra ID: the optional `email` claim); else preferred_username when it is an address. */
  email: z.string().optional(),
  /** App roles assigned to the user. Unknown roles are ignored, not an error. */
  roles: z.array(z.string()).default([]),
  tid: z.string().optional(),
  /** Delegated scopes, space-separated: present on a token issued to a person through the console; absent on app-only tokens. */
  scp: z.string().optional(),
  /** Expiry, seconds since the epoch. */
  exp: z.number().optional(),
});
export type UserClaims = z.infer<typeof userClaimsSchema>;

export const knownRoles = (roles: readonly string[]): Role[] =>
  roles.flatMap((r) => {
    const parsed = roleSchema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
