import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IngestChannel, IngestMessageType } from '../../contract/ingest-history.js';
import { zodInvalidParameters } from '../../server-kit/http/error-handler.js';
import { mediaType } from '../../server-kit/http/body-parsers.js';
import { isXmlMediaType, xmlToMessage, type XmlShape } from '../http/message-body.js';
import { ProblemError, badRequest } from '../../server-kit/http/problem.js';
import type { SandboxRepositories, SandboxStore } from '../store/sandbox-store.js';

/** How a message came in: the HTTPS endpoint, or a file in an FTPS folder (named `{messageId}.{json|xml}`). */
export interface IngestSource {
  channel: IngestChannel;
  messageId?: string;
  fileName?: string;
  /** FTPS: when the upload of the file completed, which is when the message was received (not when the poller picked it up). */
  receivedAt?: string;
}

/** A message in its JSON form (XML already read with the type's XmlShape), before its structural check. */
export interface IncomingMessage {
  tenantId: string;
  format: 'json' | 'xml';
  value: unknown;
  source: IngestSource;
  /** A transaction to join (the FTPS poller takes the file from its folder in the same one); otherwise accept opens its own. */
  tx?: SandboxRepositories;
}

/** When the message was received: the upload's completion for an FTPS file, else now. */
export const receivedAtOf = (message: IncomingMessage, now: () => Date): string => message.source.receivedAt ?? now().toISOString();

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(
  store: SandboxStore,
  tx: SandboxRepositories | undefined,
  work: (tx: SandboxRepositories) => Promise<T>,
): Promise<T> {
  return tx ? work(tx) : store.transaction(work);
}

/**
 * What a part registers for each message type it ingests: the one function its HTTPS endpoint
 * and the FTPS poller both call. `accept` checks the structure (throws a 400 ProblemError or a
 * ZodError, the endpoint's 400), stores the message with its job and its history entry in one
 * transaction, and returns the referenceId.
 */
export interface MessageIngester {
  type: IngestMessageType;
  xml: XmlShape;
  accept(message: IncomingMessage): Promise<string>;
}

/** Every message type's ingester (ctx.ingesters); the FTPS poller finds them here by folder. */
export class MessageIngesters {
  private readonly byType = new Map<IngestMessageType, MessageIngester>();

  register(ingester: MessageIngester): MessageIngester {
    this.byType.set(ingester.type, ingester);
    return ingester;
  }

  get(type: IngestMessageType): MessageIngester | undefined {
    return this.byType.get(type);
  }

  types(): IngestMessageType[] {
    return [...this.byType.keys()];
  }
}

/** The format of an HTTPS request's body (the content type was checked before). */
export const requestFormat = (request: FastifyRequest): 'json' | 'xml' => (isXmlMediaType(mediaType(request)) ? 'xml' : 'json');

/** A file's text in its JSON form: 400 (as a ProblemError) when it is not JSON or not well-formed XML. */
export function fileMessage(text: string, format: 'json' | 'xml', shape: XmlShape): unknown {
  if (format === 'xml') return xmlToMessage(text, shape);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(text.trim() ? 'The JSON file is malformed.' : 'The file is empty.', [
      { name: '(file)', reason: err instanceof Error ? err.message : 'not JSON' },
    ]);
  }
}

/** Why a message was refused (what an HTTPS client reads in the 400's detail and invalid-parameters), as history errors. */
export function refusalReasons(err: unknown): string[] | undefined {
  if (err instanceof z.ZodError) return zodInvalidParameters(err).map((p) => `${p.name}: ${p.reason}`);
  if (err instanceof ProblemError && err.init.status === 400) {
    return [err.init.detail ?? 'The message is not valid.', ...(err.init.invalidParameters ?? []).map((p) => `${p.name}: ${p.reason}`)];
  }
  return undefined;
}

export interface AcceptedMessage {
  referenceId: string;
  type: IngestMessageType;
  message: IncomingMessage;
  businessReference?: string | null;
  receivedAt: string;
  movementOrderIds?: readonly string[];
  /** What processing reads back (ingestHistory.lock): the message as validated. */
  body: unknown;
}

/** The history entry of an accepted message, in the transaction that stores it. */
export async function recordAccepted(tx: SandboxRepositories, a: AcceptedMessage): Promise<void> {
  const { source } = a.message;
  await tx.ingestHistory.record({
    id: a.referenceId,
    referenceId: a.referenceId,
    tenantId: a.message.tenantId,
    channel: source.channel,
    messageType: a.type,
    messageId: source.messageId ?? null,
    fileName: source.fileName ?? null,
    format: a.message.format,
    businessReference: a.businessReference ?? null,
    receivedAt: a.receivedAt,
    body: a.body,
    ...(a.movementOrderIds ? { movementOrderIds: a.movementOrderIds } : {}),
  });
}
