import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasNul, jsonLimitProblem, MAX_JSON_DEPTH, NUL_REASON, targetHasNul, xmlHasNul } from './input-limits.js';
import { badRequest, ProblemError, sharedText, WHOLE_BODY } from './problem.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types the route takes besides JSON (XML messages, forms, uploads); a body of any other is a 415. */
    bodyTypes?: readonly (string | RegExp)[];
  }
}

export const JSON_MEDIA_TYPES = ['application/json', 'application/merge-patch+json'];
/** XML messages (the ingestion endpoints). */
export const XML_MEDIA_TYPES = ['application/xml', 'text/xml'];
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** The media type of the request body, lower case without parameters ('' when none is given). */
export const mediaType = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export interface BodyKinds {
  /** application/xml and text/xml, handed on as text (each endpoint parses and validates its own). */
  xml?: boolean;
  /** application/x-www-form-urlencoded, as an object of strings. */
  form?: boolean;
  /** Media types handed on as a Buffer (uploads). */
  raw?: readonly (string | RegExp)[];
}

const refusedBody = (what: string, reason: string): ProblemError =>
  badRequest(
    sharedText(
      reason === NUL_REASON ? 'body.refusedNul' : 'body.refusedDepth',
      `The ${what} body is refused: it ${reason}.`,
      reason === NUL_REASON ? { what } : { what, depth: MAX_JSON_DEPTH },
    ),
    [{ name: WHOLE_BODY, reason }],
  );

/**
 * The body parsers of a server. JSON (and merge patches): an empty body is no body (routes
 * that need one say so when they validate it), malformed JSON a 400 naming the body, and so are
 * JSON nested too deep and NUL characters in any body or request target (input-limits.ts). Every
 * type without a parser, text/plain included, is refused by Fastify before the handler: a 415
 * from the error handler. A type with a parser reaches only the routes that list it in
 * `config.bodyTypes`; elsewhere it is a 415 too.
 */
export function registerBodyParsers(app: FastifyInstance, kinds: BodyKinds = {}): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(JSON_MEDIA_TYPES, { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!text.trim()) return done(null, undefined);
    const refused = jsonLimitProblem(text);
    if (refused) return done(refusedBody('JSON', refused));
    try {
      const value: unknown = JSON.parse(text);
      done(null, value);
    } catch (err) {
      done(
        badRequest(sharedText('body.malformedJson', 'The JSON body is malformed.'), [
          { name: WHOLE_BODY, reason: err instanceof Error ? err.message : 'not JSON' },
        ]),
      );
    }
  });
  if (kinds.xml) {
    app.addContentTypeParser(XML_MEDIA_TYPES, { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (xmlHasNul(text)) return done(refusedBody('XML', NUL_REASON));
      done(null, text);
    });
  }
  if (kinds.form) {
    app.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      const entries = [...new URLSearchParams(String(body))];
      if (entries.some(([k, v]) => hasNul(k) || hasNul(v))) return done(refusedBody('form', NUL_REASON));
      done(null, Object.fromEntries(entries));
    });
  }
  for (const type of kinds.raw ?? []) app.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // Path parameters and query values are strings a handler stores or queries by: refused before any handler runs.
  app.addHook('onRequest', async (request) => {
    if (targetHasNul(request.raw.url ?? request.url))
      throw badRequest(sharedText('request.targetNul', `The request target ${NUL_REASON} (%00).`));
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.is404) return;
    const type = mediaType(request);
    if (JSON_MEDIA_TYPES.includes(type)) return;
    const accepted = request.routeOptions.config.bodyTypes ?? [];
    if (!accepted.some((t) => (typeof t === 'string' ? t === type : t.test(type))))
      throw new ProblemError({ status: 415, ...sharedText('request.mediaType', `Content-Type ${type} is not supported here.`, { type }) });
  });
}

/** Inside an encapsulated scope: bodies stay unread on the request stream, for a proxy or a mounted handler to consume. */
export function leaveBodiesUnread(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}
