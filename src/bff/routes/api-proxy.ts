import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { isAllowed } from '../../contract/operations.js';
import { ProblemError } from '../plugins/problem.js';
import { userOf } from '../plugins/user-auth.js';
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

export interface ProxyDeps {
  upstream: UpstreamClient;
  audit: AuditLogRepository;
  /** Header and goods item changes for the detail page's history (review/change-recorder.ts). */
  recordChange?: ChangeRecorder;
}

/**
 * /api/v1/* → the service's /v1/*: allow-list (404 otherwise), role policy (403), service token,
 * streamed bodies, audit of every write. The raw request target is used, already checked by the
 * path guard, so what the allow-list saw is exactly what the service receives.
 */
export async function registerApiProxy(app: FastifyInstance, deps: ProxyDeps): Promise<void> {
  await app.register(async (scope) => {
    // Bodies are not parsed here: they stream to the service as they arrive.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/v1/*',
      exposeHeadRoute: false,
      handler: (request, reply) => proxy(request, reply, deps),
    });
  });
}

async function proxy(request: FastifyRequest, reply: FastifyReply, { upstream, audit, recordChange }: ProxyDeps): Promise<FastifyReply> {
  const user = userOf(request);
  const target = (request.raw.url ?? request.url).slice('/api'.length);
  const path = target.split('?')[0] ?? '';
  const operation = matchOperation(request.method, path);
  if (!operation) throw new ProblemError({ status: 404, detail: `${request.method} ${path} is not an operation of the customs service.` });
  if (!isAllowed(user.roles, operation)) {
    const roles = user.roles.length ? `role ${user.roles.join(', ')}` : 'no console role';
    throw new ProblemError({ status: 403, detail: `Your ${roles} does not allow ${operation}.` });
  }

  let body: Buffer | Readable | undefined;
  if (hasBody(request)) {
    const length = Number(request.headers['content-length'] ?? Number.NaN);
    if (length <= REPLAYABLE_BODY_BYTES) {
      const read = await readUpTo(request.raw, REPLAYABLE_BODY_BYTES);
      body = read.rest ?? read.head;
    } else {
      body = request.raw;
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
  const started = performance.now();
  // Awaited before the answer goes out: once the user sees the result, the audit entry is there.
  const auditWrite = async (upstreamStatus: number | null, referenceId: string | null): Promise<void> => {
    if (!write) return;
    await changeDone?.(upstreamStatus);
    try {
      await audit.record({
        time: new Date().toISOString(),
        sub: user.sub,
        name: user.name,
        role: user.roles.join(' '),
        method: request.method,
        path,
        operation,
        upstreamStatus,
        referenceId,
        requestId: request.id,
      });
    } catch (e) {
      request.log.error({ err: e }, 'audit write failed');
    }
  };

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
    await auditWrite(null, null);
    if (e instanceof TokenError) {
      request.log.error({ operation, tokenStatus: e.status }, e.message);
      throw new ProblemError({ status: 502, detail: 'The console could not authenticate to the customs service.' });
    }
    if (e instanceof UpstreamTimeoutError) throw new ProblemError({ status: 504, detail: e.message });
    request.log.error({ operation, error: e instanceof Error ? e.message : String(e) }, 'upstream call failed');
    throw new ProblemError({ status: 502, detail: 'The customs service could not be reached.' });
  }

  const status = response.statusCode ?? 502;
  if (status === 401) {
    // The service refused the BFF's own credentials even after a renewal: not the user's fault, so not a 401 to the browser.
    response.resume();
    await auditWrite(status, null);
    request.log.error({ operation }, 'the customs service refused the service token after renewal');
    throw new ProblemError({ status: 502, detail: 'The customs service refused the console’s service credentials.' });
  }

  const headers = responseHeadersFor(response.headers);
  reply.code(status).headers(headers);
  if (status === 204 || status === 304) {
    response.resume();
    await auditWrite(status, null);
    return reply.send();
  }
  const contentType = response.headers['content-type'];
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (write && status === 202 && contentType?.includes('json') && !(declared > ACK_BODY_BYTES)) {
    const ack = await readUpTo(response, ACK_BODY_BYTES);
    await auditWrite(status, ack.rest ? null : referenceIdOf(status, contentType, ack.head));
    return reply.send(ack.rest ?? ack.head);
  }
  await auditWrite(status, null);
  if (declared <= SMALL_BODY_BYTES) {
    const whole = await readUpTo(response, SMALL_BODY_BYTES);
    return reply.send(whole.rest ?? whole.head);
  }
  return reply.send(response);
}
