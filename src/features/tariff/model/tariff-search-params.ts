import { z } from 'zod';

/** The tariff page's URL: the words or code searched (`/tariff?q=cotton+t-shirts`). Lenient: a bad value is dropped. */
export const tariffPageSearchSchema = z.object({
  q: z
    .string()
    .transform((s) => s.trim())
    .optional()
    .catch(undefined)
    .transform((s) => (s ? s.slice(0, 200) : undefined)),
});
export type TariffPageSearch = z.infer<typeof tariffPageSearchSchema>;
