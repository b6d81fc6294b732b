import { z } from 'zod';
import { FORMULA_EVENT_TYPE } from '../../contract/formulas.js';
import type { IngestHistoryEntry, IngestHistoryPage, IngestHistoryQuery, IngestMessageType } from '../../contract/ingest-history.js';
import type { InboxEvent } from '../../contract/live.js';
import { MASTER_DATA_MESSAGES } from '../../contract/master-data-messages.js';
import { MOVEMENT_ORDER_EVENT_TYPE } from '../../contract/movement-orders.js';
import { ingestionReferencesOf } from '../store/ingest-events.js';

/** The message type an outcome event reports on (a material list invalidation reads as a material list). */
const TYPE_OF_EVENT: ReadonlyMap<string, IngestMessageType> = new Map<string, IngestMessageType>([
  ['CustomsShipmentInformation', 'CustomsShipment'],
  [FORMULA_EVENT_TYPE, 'Formula'],
  [MOVEMENT_ORDER_EVENT_TYPE, 'MovementOrder'],
  [MASTER_DATA_MESSAGES.materialList.eventType, 'MaterialList'],
  [MASTER_DATA_MESSAGES.certificateOfOrigin.eventType, 'CertificateOfOrigin'],
  [MASTER_DATA_MESSAGES.shipment.eventType, 'Shipment'],
]);

const FAILED = /Unsuccessful$|^Invalid$|^ProcessingError$|^DuplicateShipment$/;
const strings = z.array(z.string()).catch([]);
const text = z.string().optional().catch(undefined);

/**
 * Against a service without the sandbox's history endpoint: a history rebuilt from the outcome
 * events the BFF received, one entry per referenceId they name. It knows neither the channel nor
 * when the message was sent (receivedAt is the first event's time) nor the messages that brought
 * no event; the console says "history from events received".
 */
export function historyFromEvents(events: readonly InboxEvent[], query: IngestHistoryQuery): IngestHistoryPage {
  const byReference = new Map<string, InboxEvent[]>();
  for (const e of events) for (const ref of ingestionReferencesOf(e)) byReference.set(ref, [...(byReference.get(ref) ?? []), e]);
  const entries: IngestHistoryEntry[] = [];
  for (const [referenceId, all] of byReference) {
    const newestFirst = [...all].sort((a, b) => Date.parse(b.event.eventTime) - Date.parse(a.event.eventTime));
    const oldest = newestFirst.at(-1);
    const newest = newestFirst[0];
    const messageType = oldest && TYPE_OF_EVENT.get(oldest.event.eventType);
    if (!oldest || !newest || !messageType) continue;
    const failed = newestFirst.find((e) => FAILED.test(e.event.eventSubType ?? ''));
    const data = oldest.event.data;
    entries.push({
      id: referenceId,
      referenceId,
      channel: null,
      messageType,
      messageId: null,
      fileName: null,
      format: 'json',
      businessReference: text.parse(data['businessReference']) ?? text.parse(data['externalReference']) ?? null,
      receivedAt: new Date(oldest.event.eventTime).toISOString(),
      processedAt: new Date(newest.event.eventTime).toISOString(),
      outcome: failed ? 'Unsuccessful' : 'Processed',
      outcomeDetail: (failed ?? newest).event.eventSubType ?? null,
      errors: newestFirst.flatMap((e) => strings.parse(e.event.data['errorDescriptions'])),
      declarationIds: [],
      movementOrderIds:
        messageType === 'MovementOrder'
          ? [...new Set(all.map((e) => text.parse(e.event.data['id'])).filter((id) => id !== undefined))]
          : [],
      outcomeEvents: newestFirst,
    });
  }
  const from = query.from ? Date.parse(query.from) : -Infinity;
  const to = query.to ? Date.parse(query.to) : Infinity;
  const matching = entries
    .filter((e) => !query.channel && (!query.type || e.messageType === query.type) && (!query.outcome || e.outcome === query.outcome))
    .filter((e) => Date.parse(e.receivedAt) >= from && Date.parse(e.receivedAt) < to)
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  return { entries: matching.slice(0, query.limit), nextCursor: null, source: 'events' };
}
