import type { IngestMessageType } from '../../contract/ingest-history.js';
import type { StoredMessage } from '../store/ingest-history/ingest-history-repository.js';

/** A message's processing as the sandbox-only status reads show it: waiting, done, or refused by business validation. */
type MessageStatus = 'Accepted' | 'Processed' | 'Rejected';

/** The common part of the sandbox-only status reads (GET /_sandbox/formula-messages/{referenceId} and the like). */
export interface MessageStatusRecord {
  referenceId: string;
  tenantId: string;
  format: 'json' | 'xml';
  status: MessageStatus;
  errorDescriptions: string[];
  receivedAt: string;
  processedAt: string | null;
}

/** The status read of an ingest history message, when it is one of `types`. */
export function messageStatusRecord(
  message: StoredMessage | undefined,
  types: readonly IngestMessageType[],
): MessageStatusRecord | undefined {
  if (!message || !types.includes(message.messageType)) return undefined;
  const { referenceId, tenantId, format, outcome, errors, receivedAt, processedAt } = message;
  const status: MessageStatus = outcome === 'Accepted' || outcome === 'Processed' ? outcome : 'Rejected';
  return { referenceId, tenantId, format, status, errorDescriptions: errors, receivedAt, processedAt };
}
