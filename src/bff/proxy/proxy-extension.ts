import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { OperationKey } from '../../contract/operations.js';
import type { BffUser } from '../plugins/user-auth.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** POST, PUT, PATCH and DELETE: the calls that change something at the service. */
export const isWriteMethod = (method: string): boolean => WRITE_METHODS.has(method);

/** One call through the proxy, as the steps and extensions see it. */
export interface ProxyCall {
  request: FastifyRequest;
  user: BffUser;
  /** The allow-list entry the call matched. */
  operation: OperationKey;
  method: string;
  /** The service's path and query (`/v1/...?...`), exactly as the browser sent it after `/api`. */
  target: string;
  /** `target` without the query. */
  path: string;
  write: boolean;
  /**
   * The request body as it will be forwarded: a Buffer when it was read whole (up to the largest
   * `bodyBytes` an applicable extension asked for, or 256 KiB), a stream otherwise.
   */
  body: Buffer | Readable | undefined;
}

/** How a call ended, given to every applicable extension's `after`. */
export interface ProxyOutcome {
  /** The service's status; null when it never answered (not forwarded, unreachable, timed out). */
  upstreamStatus: number | null;
  /** What the browser is answered. */
  status: number;
  /** The console stopped the call itself: a check refused it, or a streamed body went over the limit. */
  refused: boolean;
  /** The body of a 202 JSON acknowledgement to a write, read whole (up to 64 KiB). */
  acknowledgement: Buffer | undefined;
  /** The id the service gave the accepted work (a 202's `referenceId`, a classification run's `classificationId`). */
  referenceId: string | null;
  /** An extension answered the call itself and kept it (held for approval): nothing was forwarded, nothing refused. */
  held?: boolean;
}

/**
 * Thrown by an extension's `before` to answer the call itself with a JSON body: the call is not
 * forwarded and not refused but kept by the extension (a write held for approval). The later
 * extensions' `before` does not run; every applicable `after` learns the outcome with `held`.
 */
export class ProxyAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: Readonly<Record<string, unknown>>,
  ) {
    super(`answered by the console (${status})`);
  }
}

/**
 * The one way to add behaviour to the proxy. `before` runs once the role and the body are
 * checked, in the order the extensions are listed, and may refuse by throwing a ProblemError
 * or answer the call itself by throwing a ProxyAnswer (nothing is forwarded either way; the later
 * ones' `before` does not run). `after` runs in reverse order for
 * every applicable extension once the call ended, forwarded or refused, before the answer goes
 * out; its errors are logged, never turned into a failed call. An extension keeps what its
 * `before` learnt for its `after` itself (keyed by the call).
 */
export interface ProxyExtension {
  name: string;
  /** The operations it takes part in: a list, or a test. */
  appliesTo: readonly OperationKey[] | ((operation: OperationKey) => boolean);
  /** Request bodies up to this size are read whole before `before` (and forwarded from the buffer). */
  bodyBytes?: number;
  before?(call: ProxyCall): Promise<void>;
  after?(call: ProxyCall, outcome: ProxyOutcome): Promise<void>;
}

export const appliesTo = (extension: ProxyExtension, operation: OperationKey): boolean =>
  typeof extension.appliesTo === 'function' ? extension.appliesTo(operation) : extension.appliesTo.includes(operation);

/** The method of an operation key (`POST /v1/...` → `POST`). */
export const methodOf = (operation: OperationKey): string => operation.slice(0, operation.indexOf(' '));
