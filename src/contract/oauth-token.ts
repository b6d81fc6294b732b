import { z } from 'zod';

/** Token response of the client credentials grant (specification, Authentication 4). */
export const tokenResponseSchema = z.looseObject({
  token_type: z.string(),
  expires_in: z.coerce.number().int().positive(),
  ext_expires_in: z.coerce.number().int().positive().optional(),
  access_token: z.string().min(1),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
