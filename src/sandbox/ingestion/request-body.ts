import type { z } from 'zod';
import { zodInvalidParameters } from '../../server-kit/http/error-handler.js';
import { badRequest } from '../../server-kit/http/problem.js';

/** Parses with a schema; structural failures are a 400 with invalid-parameters. */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest('The request body is not valid.', zodInvalidParameters(result.error));
  return result.data;
}
