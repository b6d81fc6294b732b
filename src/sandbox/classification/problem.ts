import { ProblemError, type ProblemStyle } from '../../server-kit/http/problem.js';

/**
 * RFC 9457 with an `errors` map, the problems of the classification endpoints. 400 always carries
 * `errors` (every problem at once); the other statuses use the same shape (the specification does
 * not show their body), 409 naming the field too.
 */
export const CLASSIFICATION_PROBLEMS: ProblemStyle = {
  fields: 'errors',
  type: (status) => `https://httpstatuses.io/${status}`,
  wholeBody: 'body',
  fieldOnEvery400: true,
};

/** A classification problem with its errors map (field to messages). */
export const classificationProblem = (status: number, detail: string, errors: Record<string, string[]> = {}): ProblemError =>
  new ProblemError({
    status,
    detail,
    invalidParameters: Object.entries(errors).flatMap(([name, reasons]) => reasons.map((reason) => ({ name, reason }))),
  });

export const validationProblem = (errors: Record<string, string[]>, detail = 'The request is not valid; see errors.'): ProblemError =>
  classificationProblem(400, detail, errors);
