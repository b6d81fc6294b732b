import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { ProblemError } from '../../server-kit/http/problem.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** Bodies up to this size are buffered so that a call refused with 401 can be replayed with a renewed token; larger ones stream and are not retried. */
export const REPLAYABLE_BODY_BYTES = 256 * 1024;

/** The largest request body the BFF forwards: the service's own limit (10 MiB); larger is refused with 413 here rather than cut off upstream. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

export const MAX_REQUEST_BODY_MIB = MAX_REQUEST_BODY_BYTES / (1024 * 1024);

export const tooLarge = (): ProblemError => new ProblemError(bffProblem(413, text('request.tooLarge', { mib: MAX_REQUEST_BODY_MIB })));

const toBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));

/**
 * Reads a stream up to `limit` bytes. `rest` is set when the stream is longer: the bytes read
 * followed by the remainder, as one stream again, so nothing is lost.
 */
export async function readUpTo(stream: AsyncIterable<unknown>, limit: number): Promise<{ head: Buffer; rest?: Readable }> {
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
export function readWhole(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** A request body on its way to the service; `exceeded` tells a body cut off at the limit from a failed upstream call. */
export interface OutgoingBody {
  body: Buffer | Readable | undefined;
  exceeded: () => boolean;
}

const never = (): boolean => false;

/**
 * Passes a body on while counting it; past the limit it fails, which aborts the forward (the
 * upstream request then reports a hang-up, hence `exceeded` to tell the two apart).
 */
function limited(body: Readable): OutgoingBody {
  let size = 0;
  const stream = body.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > MAX_REQUEST_BODY_BYTES ? new Error('request body over the limit') : null, chunk);
      },
    }),
  );
  return { body: stream, exceeded: () => size > MAX_REQUEST_BODY_BYTES };
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Chooses how the request body goes to the service: none; refused with 413 when its
 * Content-Length is over the limit; read whole when it fits what an extension wants to see
 * (`wanted`) or is small enough to replay after a 401; otherwise streamed, counted against the
 * limit when no length was given (chunked).
 */
export async function chooseBody(request: FastifyRequest, wanted: number): Promise<OutgoingBody> {
  if (!hasBody(request)) return { body: undefined, exceeded: never };
  const length = Number(request.headers['content-length'] ?? Number.NaN);
  const chunked = Number.isNaN(length);
  if (length > MAX_REQUEST_BODY_BYTES) throw tooLarge();
  const bufferUpTo = Math.max(wanted, chunked ? 0 : REPLAYABLE_BODY_BYTES);
  if (bufferUpTo > 0 && !(length > bufferUpTo)) {
    const read = await readUpTo(request.raw, bufferUpTo);
    // Longer than announced or than an extension reads (chunked): forwarded as a stream, still within the limit.
    return read.rest ? limited(read.rest) : { body: read.head, exceeded: never };
  }
  return chunked ? limited(request.raw) : { body: request.raw, exceeded: never };
}
