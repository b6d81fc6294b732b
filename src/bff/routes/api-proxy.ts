import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { z } from 'zod';
import { isAllowed, type OperationKey } from '../../contract/operations.js';
import { leaveBodiesUnread } from '../../server-kit/http/body-parsers.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { userOf, type BffUser } from '../plugins/user-auth.js';
import type { ChangeRecorder } from '../review/change-recorder.js';
import type { AuditLogRepository } from '../store/audit-log.js';
import { matchOperation } from '../upstream/allow-list.js';
import { TokenError } from '../upstream/token-cache.js';
import { responseHeadersFor, UpstreamTimeoutError, type UpstreamClient } from '../upstream/upstream-client.js';

/** Bodies up to this size are buffered so that a call refused with 401 can be replayed with a renewed token; larger ones stream and are not retried. */
export const REPLAYABLE_BODY_BYTES = 256 * 1024;
/** A 202 acknowledgement is read (to audit its referenceId) only up to this size. */
const ACK_BODY_BYTES = 64 * 1024;
/**
 * Answers up to this size (by Content-Length) are read whole and sent in one write: cheaper than
 * piping a stream for a typical JSON page; larger ones (images, PDFs) stream as they arrive.
 */
const SMALL_BODY_BYTES = 64 * 1024;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const acceptedSchema = z.looseObject({ referenceId: z.string().max(200) });

const toBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));

/**
 * Reads a stream up to `limit` bytes. `rest` is set when the stream is longer: the bytes read
 * followed by the remainder, as one stream again, so nothing is lost.
 */
async function readUpTo(stream: AsyncIterable<unknown>, limit: number): Promise<{ head: Buffer; rest?: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks) };
    const b = toBuffer(next.value);
    chunks.push(b);
    size += b.length;
    if (size > limit) {
      const rest = Readable.from(
        (async function* () {
          yield* chunks;
          for (let n = await iterator.next(); !n.done; n = await iterator.next()) yield toBuffer(n.value);
        })(),
      );
      return { head: Buffer.concat(chunks), rest };
    }
  }
}

/**
 * Reads a whole answer whose Content-Length is known to be small (Node's parser holds the body to
 * it): with listeners, cheaper than the async iterator readUpTo needs (3 % of the BFF's busy time
 * in a profile of proxied JSON reads).
 */
function readWhole(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function referenceIdOf(status: number, contentType: string | undefined, body: Buffer | undefined): string | null {
  if (status !== 202 || !body || !contentType?.includes('json')) return null;
  try {
    const parsed = acceptedSchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data.referenceId : null;
  } catch {
    return null;
  }
}

/** A write the proxy reports once the service accepted it (202 with a referenceId), with the body it forwarded. */
export interface AcceptedWrite {
  operation: OperationKey;
  user: BffUser;
  referenceId: string;
  /** The request body, when it was at most the observer's `maxBodyBytes` long. */
  body: Buffer | undefined;
}

/** Lets a feature learn of accepted writes of some operations (the console's movement order list) without the proxy knowing it. */
export interface AcceptedWriteObserver {
  operations: ReadonlySet<OperationKey>;
  /** Bodies up to this size are buffered for `accepted` (and forwarded from the buffer). */
  maxBodyBytes: number;
  accepted(write: AcceptedWrite): Promise<void>;
}

export interface ProxyDeps {
  upstream: UpstreamClient;
  audit: AuditLogRepository;
  /** The id is one of the webhook subscriptions the BFF itself keeps for live updates. */
  isOwnSubscription: (id: string) => Promise<boolean>;
  /** Told of writes the service accepted, for the operations each names (e.g. the movement orders created from this console). */
  observers?: readonly AcceptedWriteObserver[];
  /** Header and goods item changes for the detail page's history (review/change-recorder.ts). */
  recordChange?: ChangeRecorder;
}

const OWN_SUBSCRIPTION_OPERATION = 'DELETE /v1/subscriptions/{subscriptionId}';

/** The subscription id of a DELETE /v1/subscriptions/{id}, decoded (the path guard has checked the encoding). */
const subscriptionIdOf = (path: string): string => decodeURIComponent(path.slice('/v1/subscriptions/'.length));

/**
 * /api/v1/* → the service's /v1/*: allow-list (404 otherwise), role policy (403), service token,
 * streamed bodies, audit of every write. The raw request target is used, already checked by the
 * path guard, so what the allow-list saw is exactly what the service receives.
 */
export async function registerApiProxy(app: FastifyInstance, deps: ProxyDeps): Promise<void> {
  await app.register(async (scope) => {
    // Bodies are not parsed here: they stream to the service as they arrive.
    leaveBodiesUnread(scope);

    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/v1/*',
      exposeHeadRoute: false,
      handler: (request, reply) => proxy(request, reply, deps),
    });
  });
}

/** The largest request body the BFF forwards: the service's own limit (10 MiB); larger is refused with 413 here rather than cut off upstream. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

const tooLarge = (): ProblemError => new ProblemError({ status: 413, detail: `The request body is larger than ${MAX_REQUEST_BODY_BYTES / (1024 * 1024)} MiB, the service's limit.` });

/**
 * Passes a body on while counting it; past `limit` it fails, which aborts the forward (the
 * upstream request then reports a hang-up, hence `exceeded` to tell the two apart).
 */
function limited(body: Readable, limit: number): { stream: Readable; exceeded: () => boolean } {
  let size = 0;
  const stream = body.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > limit ? new Error('request body over the limit') : null, chunk);
      },
    }),
  );
  return { stream, exceeded: () => size > limit };
}

/**
 * The audit of one write: the intent is written before the call is forwarded, so a write the
 * service took while the BFF crashed still leaves a row (read as `unknown` later); completed once
 * the outcome is known. Reads are not audited. Awaited before the answer goes out: once the user
 * sees the result, the audit entry is there. An audit failure is logged, never turned into a failed call.
 */
function auditTrail(request: FastifyRequest, audit: AuditLogRepository, operation: string) {
  const user = userOf(request);
  const write = WRITE_METHODS.has(request.method);
  const path = (request.raw.url ?? request.url).slice('/api'.length).split('?')[0] ?? '';
  const who = { sub: user.sub, name: user.name, role: user.roles.join(' '), method: request.method, path, operation, requestId: request.id };
  let intent: Promise<number | undefined> | undefined;
  const guarded = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (e) {
      request.log.error({ err: e }, 'audit write failed');
      return undefined;
    }
  };
  return {
    /** The write is about to be forwarded. */
    begin: async (): Promise<void> => {
      if (!write) return;
      intent = guarded(() => audit.begin({ ...who, time: new Date().toISOString() }));
      await intent;
    },
    /** Refused by the console itself (never forwarded). */
    refused: async (status: number): Promise<void> => {
      if (!write) return;
      await guarded(() => audit.record({ ...who, time: new Date().toISOString(), upstreamStatus: null, referenceId: null, outcome: 'refused', status }));
    },
    /** The forwarded call ended: the service answered (upstreamStatus), or not (null); `refused` when the console stopped it (a streamed body over the limit). */
    complete: async (upstreamStatus: number | null, status: number, referenceId: string | null = null, refused = false): Promise<void> => {
      const id = await intent;
      if (id === undefined) return;
      const outcome = refused ? 'refused' : upstreamStatus === null ? 'unreachable' : 'answered';
      await guarded(() => audit.complete(id, { time: new Date().toISOString(), outcome, upstreamStatus, referenceId, status }));
    },
  };
}

async function proxy(request: FastifyRequest, reply: FastifyReply, { upstream, audit, isOwnSubscription, observers, recordChange }: ProxyDeps): Promise<FastifyReply> {
  const user = userOf(request);
  const target = (request.raw.url ?? request.url).slice('/api'.length);
  const path = target.split('?')[0] ?? '';
  const operation = matchOperation(request.method, path);
  if (!operation) throw new ProblemError({ status: 404, detail: `${request.method} ${path} is not an operation of the customs service.` });
  const trail = auditTrail(request, audit, operation);
  if (!isAllowed(user.roles, operation)) {
    const roles = user.roles.length ? `role ${user.roles.join(', ')}` : 'no console role';
    await trail.refused(403);
    throw new ProblemError({ status: 403, detail: `Your ${roles} does not allow ${operation}.` });
  }
  // Deleting it would silently stop every console's live updates until the next check re-creates it.
  if (operation === OWN_SUBSCRIPTION_OPERATION && (await isOwnSubscription(subscriptionIdOf(path)))) {
    await trail.refused(409);
    throw new ProblemError({
      status: 409,
      title: 'Subscription in use by the console',
      detail: 'This subscription feeds the console’s live updates; the console keeps it itself (it would re-create it and every open console would miss events meanwhile). It is not deleted.',
    });
  }
  const observer = observers?.find((o) => o.operations.has(operation));
  let body: Buffer | Readable | undefined;
  let observedBody: Buffer | undefined;
  let exceeded = (): boolean => false;
  if (hasBody(request)) {
    const length = Number(request.headers['content-length'] ?? Number.NaN);
    if (length > MAX_REQUEST_BODY_BYTES) {
      await trail.refused(413);
      throw tooLarge();
    }
    if (observer && !(length > observer.maxBodyBytes)) {
      const read = await readUpTo(request.raw, observer.maxBodyBytes);
      observedBody = read.rest ? undefined : read.head;
      if (read.rest) {
        // Longer than the observer reads (chunked): forwarded unobserved, still within the limit.
        const counted = limited(read.rest, MAX_REQUEST_BODY_BYTES);
        body = counted.stream;
        exceeded = counted.exceeded;
      } else {
        body = read.head;
      }
    } else if (length <= REPLAYABLE_BODY_BYTES) {
      const read = await readUpTo(request.raw, REPLAYABLE_BODY_BYTES);
      body = read.rest ?? read.head;
    } else {
      // No length given (chunked): counted as it streams, refused once past the limit.
      if (Number.isNaN(length)) {
        const counted = limited(request.raw, MAX_REQUEST_BODY_BYTES);
        body = counted.stream;
        exceeded = counted.exceeded;
      } else {
        body = request.raw;
      }
    }
  }
  // The browser went away before the answer was complete: stop the call to the service too.
  let cancel: (() => void) | undefined;
  let gone = false;
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return;
    gone = true;
    cancel?.();
  });
  const write = WRITE_METHODS.has(request.method);
  const changeDone = write ? await recordChange?.(operation, path, body, user) : undefined;
  /** The call ended: the change history learns the outcome, then the audit row is completed. */
  const finish = async (upstreamStatus: number | null, status: number, referenceId: string | null = null, refused = false): Promise<void> => {
    await changeDone?.(upstreamStatus);
    await trail.complete(upstreamStatus, status, referenceId, refused);
  };
  const started = performance.now();
  await trail.begin();
  let response: IncomingMessage;
  try {
    const result = await upstream.forward({
      method: request.method,
      pathAndQuery: target,
      headers: request.headers,
      body,
      requestId: request.id,
      onCancellable: (c) => {
        cancel = c;
        if (gone) c();
      },
    });
    response = result.response;
    request.log.debug({ operation, status: response.statusCode, retried: result.retried, ms: Math.round(performance.now() - started) }, 'upstream call');
  } catch (e) {
    if (exceeded()) {
      await finish(null, 413, null, true);
      // The rest of the body is not wanted: drop it and close the connection after the answer.
      request.raw.unpipe();
      request.raw.resume();
      reply.header('connection', 'close');
      throw tooLarge();
    }
    if (e instanceof TokenError) {
      await finish(null, 502);
      request.log.error({ operation, tokenStatus: e.status }, e.message);
      throw new ProblemError({ status: 502, detail: 'The console could not authenticate to the customs service.' });
    }
    if (e instanceof UpstreamTimeoutError) {
      await finish(null, 504);
      throw new ProblemError({ status: 504, detail: e.message });
    }
    await finish(null, 502);
    request.log.error({ operation, error: e instanceof Error ? e.message : String(e) }, 'upstream call failed');
    throw new ProblemError({ status: 502, detail: 'The customs service could not be reached.' });
  }
  const status = response.statusCode ?? 502;
  if (status === 401) {
    // The service refused the BFF's own credentials even after a renewal: not the user's fault, so not a 401 to the browser.
    response.resume();
    await finish(status, 502);
    request.log.error({ operation }, 'the customs service refused the service token after renewal');
    throw new ProblemError({ status: 502, detail: 'The customs service refused the console’s service credentials.' });
  }
  const headers = responseHeadersFor(response.headers);
  reply.code(status).headers(headers);
  if (status === 204 || status === 304) {
    response.resume();
    await finish(status, status);
    return reply.send();
  }
  const contentType = response.headers['content-type'];
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (write && status === 202 && contentType?.includes('json') && !(declared > ACK_BODY_BYTES)) {
    const ack = await readUpTo(response, ACK_BODY_BYTES);
    const referenceId = ack.rest ? null : referenceIdOf(status, contentType, ack.head);
    await finish(status, status, referenceId);
    if (observer && referenceId) {
      try {
        await observer.accepted({ operation, user, referenceId, body: observedBody });
      } catch (e) {
        request.log.error({ err: e, operation }, 'recording an accepted write failed');
      }
    }
    return reply.send(ack.rest ?? ack.head);
  }
  await finish(status, status);
  if (declared <= SMALL_BODY_BYTES) return reply.send(await readWhole(response));
  return reply.send(response);
}
