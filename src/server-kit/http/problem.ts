import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addMessages } from '../../contract/plain-data.js';
import type { InvalidParameter } from '../../contract/problem.js';

/** Reason phrases of RFC 9110 where Node still uses older names; Node's otherwise. */
const RFC_9110_TITLES: Readonly<Record<number, string>> = { 413: 'Content Too Large', 422: 'Unprocessable Content' };
const titleOf = (status: number): string => RFC_9110_TITLES[status] ?? STATUS_CODES[status] ?? 'Error';

/** Name of an invalid parameter that is the whole body; each style writes it its own way. */
export const WHOLE_BODY = '(body)';

/** A text a server may write in the request's language: its catalog key and the values it names (texts themselves, too). */
export interface ProblemText {
  key: string;
  values?: Readonly<Record<string, string | number | ProblemText>>;
}

export interface ProblemInit {
  status: number;
  /** As written in English (logs, the sandbox, and what a style that translates falls back to). */
  detail?: string;
  title?: string;
  type?: string;
  invalidParameters?: InvalidParameter[];
  /** The detail (and title) as catalog texts, for a style that answers in the request's language. */
  text?: { detail: ProblemText; title?: ProblemText };
}

/** A problem detail both servers write: English here, its key for a server that translates it. */
export const sharedText = (key: string, detail: string, values?: ProblemText['values']): Pick<ProblemInit, 'detail' | 'text'> => ({
  detail,
  text: { detail: values ? { key, values } : { key } },
});

/** Thrown anywhere in a handler, hook or body parser; the error handler turns it into a problem document. */
export class ProblemError extends Error {
  constructor(readonly init: ProblemInit) {
    super(init.detail ?? titleOf(init.status));
  }
}

export const badRequest = (detail: string | Pick<ProblemInit, 'detail' | 'text'>, invalidParameters?: InvalidParameter[]): ProblemError =>
  new ProblemError({ status: 400, ...(typeof detail === 'string' ? { detail } : detail), invalidParameters });
export const notFound = (detail: string): ProblemError => new ProblemError({ status: 404, detail });

/**
 * How one family of endpoints writes its problems: RFC 7807 with an `invalid-parameters` list
 * (the service's declarations and ingestion, the BFF) or RFC 9457 with an `errors` map
 * (classification).
 */
export interface ProblemStyle {
  fields: 'invalid-parameters' | 'errors';
  /** `type` when the problem names none. */
  type: (status: number) => string;
  /** How WHOLE_BODY is written (the field of a problem with the body as a whole). */
  wholeBody: string;
  /** A 400 without fields names the whole body with its detail (classification's 400s always carry errors). */
  fieldOnEvery400?: boolean;
  /** Members and headers every problem of this family carries (and the texts in the request's language, for a style that translates). */
  decorate?: (request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>, init: ProblemInit) => void;
}

function fieldsOf(init: ProblemInit, style: ProblemStyle): InvalidParameter[] {
  const given = init.invalidParameters ?? [];
  const fields =
    given.length || !(style.fieldOnEvery400 && init.status === 400) ? given : [{ name: WHOLE_BODY, reason: init.detail ?? titleOf(400) }];
  return fields.map((p) => (p.name === WHOLE_BODY ? { ...p, name: style.wholeBody } : p));
}

/** Invalid parameters as an RFC 9457 `errors` map: field to its messages, in order. */
function errorsMap(fields: readonly InvalidParameter[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of fields) addMessages(out, f.name, f.reason);
  return out;
}

/** Sends `init` as an application/problem+json document in the given style. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, init: ProblemInit, style: ProblemStyle): FastifyReply {
  const body: Record<string, unknown> = {
    type: init.type ?? style.type(init.status),
    title: init.title ?? titleOf(init.status),
    status: init.status,
    detail: init.detail ?? '',
    instance: (request.raw.url ?? request.url).split('?')[0],
  };
  const fields = fieldsOf(init, style);
  if (fields.length && style.fields === 'errors') body.errors = errorsMap(fields);
  if (init.invalidParameters && style.fields === 'invalid-parameters') body['invalid-parameters'] = fields;
  style.decorate?.(request, reply, body, init);
  return reply.code(init.status).type('application/problem+json').send(body);
}
