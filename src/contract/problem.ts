import { z } from 'zod';
import { addMessages } from './plain-data.js';

/** RFC 7807 problem details as the declaration and ingestion endpoints send them. */
export const invalidParameterSchema = z.looseObject({ name: z.string(), reason: z.string() });

/**
 * One schema for both problem shapes of the service: RFC 7807 with `invalid-parameters`
 * (ingestion, declarations) and RFC 9457 with an `errors` map (classification).
 */
export const problemSchema = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  'invalid-parameters': z.array(invalidParameterSchema).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
export type InvalidParameter = z.infer<typeof invalidParameterSchema>;

/** Field name to messages, whichever of the two shapes the problem used. */
export function problemFieldErrors(problem: Problem): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const p of problem['invalid-parameters'] ?? []) addMessages(out, p.name, p.reason);
  for (const [name, messages] of Object.entries(problem.errors ?? {})) addMessages(out, name, ...messages);
  return out;
}
