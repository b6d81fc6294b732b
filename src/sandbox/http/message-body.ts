import type { FastifyReply, FastifyRequest } from 'fastify';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { ProblemError, badRequest } from '../../server-kit/http/problem.js';
import { JSON_MEDIA_TYPES, mediaType, XML_MEDIA_TYPES } from '../../server-kit/http/body-parsers.js';
import { negotiateMediaType } from '../../server-kit/http/content-negotiation.js';
import { MAX_XML_DEPTH, xmlLimitProblem } from './xml-limits.js';

/**
 * The body of an ingestion message, JSON or XML (specification: "JSON is the default format;
 * XML is also accepted on ingestion endpoints"). Shared by every ingestion endpoint.
 *
 * XML form (sandbox default where the specification is silent): one root element of any name
 * (namespaces ignored) holding elements named like the JSON fields. A list is either a
 * wrapper element with one child per item (<formulaLines><formulaLine>…) or the repeated
 * element itself (<governmentAgencyGoodsItems>… twice). A root element named like a list
 * (<articleDataItems>) is that list. XML text is typed by field name: `numbers` become
 * numbers, `booleans` true/false, the rest stays text, so a wrong value fails the same
 * structural check as in JSON.
 */
export interface XmlShape {
  lists: ReadonlySet<string>;
  /** The wrapper's child name per list, where a single-field item could be mistaken for a wrapper; otherwise any single child wraps. */
  itemNames?: ReadonlyMap<string, string>;
  numbers: ReadonlySet<string>;
  booleans?: ReadonlySet<string>;
  /** An empty element is null (in an update: clears the field) rather than an empty string. */
  emptyIsNull?: boolean;
}

const JSON_TYPES = ['application/json'];
export const isXmlMediaType = (type: string): boolean => XML_MEDIA_TYPES.includes(type);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  // Belt and braces behind xmlLimitProblem: no DOCTYPE reaches the parser, and nesting stops at the same limit.
  maxNestedTags: MAX_XML_DEPTH,
});
const builder = new XMLBuilder({ format: false });

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list field: the items of the wrapper form, or the repeated elements themselves. */
function listItems(value: unknown, key: string, shape: XmlShape): unknown[] {
  if (value === '' || value === null || value === undefined) return [];
  const elements = asList(value);
  const only = elements.length === 1 ? elements[0] : undefined;
  const childKeys = isRecord(only) ? Object.keys(only) : [];
  const childName = childKeys.length === 1 ? childKeys[0] : undefined;
  const expected = shape.itemNames?.get(key);
  const wrapped =
    isRecord(only) && childName !== undefined && (expected === undefined || childName === expected) ? only[childName] : undefined;
  const items = wrapped !== undefined && (isRecord(wrapped) || Array.isArray(wrapped)) ? asList(wrapped) : elements;
  return items.map((item) => typed(item, undefined, shape));
}

function typed(value: unknown, key: string | undefined, shape: XmlShape): unknown {
  if (key !== undefined && shape.lists.has(key)) return listItems(value, key, shape);
  if (Array.isArray(value)) return value.map((v: unknown) => typed(v, key, shape));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typed(v, k, shape)]));
  if (value === '' && shape.emptyIsNull) return null;
  if (typeof value === 'string' && key !== undefined) {
    if (shape.numbers.has(key) && NUMBER.test(value)) return Number(value);
    if (shape.booleans?.has(key) && (value === 'true' || value === 'false')) return value === 'true';
  }
  return value;
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** XML text to the JSON form of the message; 400 when it breaks the XML limits, is not well-formed or has no single root. */
export function xmlToMessage(xml: string, shape: XmlShape): unknown {
  const refused = xmlLimitProblem(xml);
  if (refused) throw badRequest(`The XML body is refused: ${refused}.`, [{ name: '(body)', reason: refused }]);
  let parsed: unknown;
  try {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) {
      throw badRequest('The XML body is not well-formed.', [
        { name: '(body)', reason: `line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}` },
      ]);
    }
    parsed = parser.parse(xml);
  } catch (err) {
    // Whatever the parser still objects to is the body's fault: a 400, never a 500 a client would retry.
    if (err instanceof ProblemError) throw err;
    throw badRequest('The XML body could not be read.', [{ name: '(body)', reason: err instanceof Error ? err.message : String(err) }]);
  }
  const roots = isRecord(parsed) ? Object.entries(parsed) : [];
  const [root] = roots;
  if (roots.length !== 1 || root === undefined)
    throw badRequest('The XML body needs exactly one root element.', [{ name: '(body)', reason: 'one root element expected' }]);
  const [rootName, content] = root;
  const name = lowerFirst(rootName);
  if (shape.lists.has(name)) return { [name]: listItems(content, name, shape) };
  return content === '' ? {} : typed(content, undefined, shape);
}

const unsupported = (type: string, xml = true): ProblemError =>
  new ProblemError({
    status: 415,
    detail: `Content-Type ${type || '(none)'} is not supported here; send ${xml ? 'application/json, application/xml or text/xml' : 'application/json'}.`,
  });

/**
 * Route hook of every ingestion endpoint: 415 for a Content-Type other than JSON or XML, before
 * the body is read (so a body the endpoint would never take is not parsed either).
 */
export async function requireMessageContentType(request: FastifyRequest): Promise<void> {
  const type = mediaType(request);
  if (!JSON_TYPES.includes(type) && !XML_MEDIA_TYPES.includes(type)) throw unsupported(type);
}

/**
 * The message of an ingestion request as a plain value, ready for the structural schema:
 * 400 for malformed XML or a body that is not an object (malformed JSON is answered 400 by the
 * body parser before the handler runs).
 */
export function readMessage(request: FastifyRequest, shape: XmlShape): unknown {
  const { value } = readRequestBody(request, shape);
  if (!isRecord(value)) throw badRequest('The message must be an object.');
  return value;
}

/** A request body as a plain value: JSON always, XML only where the endpoint takes it (`xml` given); 415 for any other Content-Type. */
export function readRequestBody(request: FastifyRequest, xml?: XmlShape): { value: unknown; format: 'json' | 'xml' } {
  const type = mediaType(request);
  if (JSON_MEDIA_TYPES.includes(type)) return { value: request.body, format: 'json' };
  if (xml && XML_MEDIA_TYPES.includes(type) && typeof request.body === 'string')
    return { value: xmlToMessage(request.body, xml), format: 'xml' };
  throw unsupported(type, xml !== undefined);
}

/** What a 202 of the service can be sent as, JSON first: the default when the Accept header prefers none. */
const ACCEPTED_REPLY_TYPES = ['application/json', ...XML_MEDIA_TYPES];

/**
 * Route hook of every endpoint answering with sendAccepted: 406 when the Accept header rules out
 * both JSON and XML, before the request is acted on (a 406 after acting would hide that it was).
 */
export async function requireAcceptableReply(request: FastifyRequest): Promise<void> {
  if (negotiateMediaType(request.headers.accept, ACCEPTED_REPLY_TYPES) === undefined) {
    throw new ProblemError({
      status: 406,
      detail: `The Accept header allows none of ${ACCEPTED_REPLY_TYPES.join(', ')}, the formats of this reply.`,
    });
  }
}

/** 202 with ReturnOnAcceptMessage {referenceId}, as XML when the Accept header prefers XML (RFC 9110 weights). */
export function sendAccepted(request: FastifyRequest, reply: FastifyReply, referenceId: string): FastifyReply {
  const type = negotiateMediaType(request.headers.accept, ACCEPTED_REPLY_TYPES) ?? 'application/json';
  if (isXmlMediaType(type)) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>${String(builder.build({ ReturnOnAcceptMessage: { referenceId } }))}`;
    return reply.code(202).type(type).send(xml);
  }
  return reply.code(202).send({ referenceId });
}

/** Milliseconds of a simulated delay at the configured time scale. */
export const scaled = (ms: number, timeScale: number): number => Math.round(ms / timeScale);

/** At most `limit` descriptions, the last one saying how many were left out (sandbox default 100). */
export function capDescriptions(descriptions: string[], limit = 100): string[] {
  if (descriptions.length <= limit) return descriptions;
  return [...descriptions.slice(0, limit - 1), `... and ${descriptions.length - limit + 1} more`];
}
