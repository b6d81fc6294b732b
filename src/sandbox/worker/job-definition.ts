import type { z } from 'zod';

/**
 * A kind of background job with the schema of its payload: `enqueueIn` takes only a payload of
 * that type, and the handler receives it parsed (a stored payload that no longer fits fails the
 * job with the schema's message instead of running on a guess).
 */
export interface JobDefinition<P> {
  readonly kind: string;
  readonly payload: z.ZodType<P>;
}

export function defineJob<P>(kind: string, payload: z.ZodType<P>): JobDefinition<P> {
  return { kind, payload };
}
