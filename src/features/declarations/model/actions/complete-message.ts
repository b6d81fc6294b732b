import type { z } from 'zod';
import type { NeededField } from '../../../../contract/emcs-needs';
import { REQUIRED } from './unmet-rules';

/**
 * A console choice: a clerk sends a complete message, so the form also asks for the fields EMCS
 * needs that the specification leaves optional (without them the sandbox accepts the action and
 * then refuses it with `<Action>Unsuccessful`). They show as required, like the schema's own.
 */
export function completeMessage<T>(schema: z.ZodType<T>, needs: (body: T) => NeededField[]): z.ZodType<T> {
  return schema.superRefine((body, ctx) => {
    for (const need of needs(body)) ctx.addIssue({ code: 'custom', path: [...need.path], message: REQUIRED });
  });
}
