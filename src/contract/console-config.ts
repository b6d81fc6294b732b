import { z } from 'zod';

/**
 * GET /config.json, served by the BFF: the runtime settings the SPA needs before sign-in.
 * Runtime (not build-time) so one build serves acceptance and production.
 */
export const consoleConfigSchema = z.object({
  /** Drives the coloured environment banner. */
  environment: z.enum(['ACCEPTANCE', 'PRODUCTION']),
  auth: z.object({
    /** MSAL authority. Entra ID: https://login.microsoftonline.com/<tenant>. Locally an https:// string MSAL never contacts (see authorityMetadata). */
    authority: z.string(),
    clientId: z.string(),
    /** Scopes the SPA requests for the BFF's API, e.g. api://customs-console/access_as_user. */
    scopes: z.array(z.string()).min(1),
    knownAuthorities: z.array(z.string()),
    /** 'AAD' for Entra ID; 'OIDC' for a generic issuer (the sandbox). */
    protocolMode: z.enum(['AAD', 'OIDC']),
    /** OpenID provider metadata as a JSON string, so MSAL does no discovery (local set-up B in docs/local-sign-in.md). */
    authorityMetadata: z.string().optional(),
    /** Path of MSAL's redirect bridge page on the console's origin. */
    redirectPath: z.string().startsWith('/'),
  }),
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
