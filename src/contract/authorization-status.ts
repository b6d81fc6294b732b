import { z } from 'zod';

/** GET /v1/authorizationStatus: echoes the token (specification, Authentication 8). */
export const authorizationStatusSchema = z.looseObject({
  sourceSysRef: z.string(),
  /** Space-separated tenant ids. */
  tenantIds: z.string(),
  /** Space-separated scopes. */
  scopes: z.string(),
});
export type AuthorizationStatus = z.infer<typeof authorizationStatusSchema>;

export const splitSpaced = (s: string): string[] => s.split(' ').filter(Boolean);
