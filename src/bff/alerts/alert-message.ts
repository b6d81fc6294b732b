import { CONSOLE_HEALTH_EVENT_TYPE } from '../../contract/console-health.js';
import type { EventEnvelope } from '../../contract/events.js';
import { RADAR_EVENT_TYPE, RADAR_KIND_INFO, radarKindSchema } from '../../contract/radar.js';

export interface AlertMessage {
  title: string;
  /** Plain text: the e-mail's body and the chat message. */
  text: string;
  /** The declaration in the console, when the event names one. */
  link: string | null;
}

/** What an alert says, the same on every channel: the declaration by LRN (else id), what happened, and a link to it. */
export function alertMessage(input: {
  envelope: EventEnvelope;
  declarationId: string | null;
  lrn: string | null;
  consoleUrl: string;
}): AlertMessage {
  const { envelope, declarationId, lrn } = input;
  // The console's own incidents carry their words (health-alerts.ts).
  const { title: ownTitle, text: ownText } = envelope.data;
  if (envelope.eventType === CONSOLE_HEALTH_EVENT_TYPE && typeof ownTitle === 'string' && typeof ownText === 'string')
    return { title: ownTitle, text: ownText, link: `${input.consoleUrl}/health` };
  const radarKind = envelope.eventType === RADAR_EVENT_TYPE ? radarKindSchema.safeParse(envelope.eventSubType) : undefined;
  const what = radarKind?.success
    ? `is overdue: ${RADAR_KIND_INFO[radarKind.data].label.toLowerCase()}`
    : envelope.eventType === 'DeclarationStatusChanged' && envelope.eventSubType
      ? `is ${envelope.eventSubType}`
      : `${envelope.eventType}${envelope.eventSubType ? ` / ${envelope.eventSubType}` : ''}`;
  const radarSubject = radarKind?.success && typeof envelope.data['subject'] === 'string' ? envelope.data['subject'] : null;
  const subject = declarationId ? `Declaration ${lrn ?? declarationId}` : radarSubject ? `Item ${radarSubject}` : 'Customs event';
  const title = `${subject} ${what}`;
  const link = declarationId ? `${input.consoleUrl}/declarations/${encodeURIComponent(declarationId)}` : null;
  const lines = [
    title,
    '',
    ...(lrn ? [`LRN: ${lrn}`] : []),
    ...(declarationId ? [`Declaration id: ${declarationId}`] : []),
    `Event: ${envelope.eventType}${envelope.eventSubType ? ` / ${envelope.eventSubType}` : ''} at ${envelope.eventTime}`,
    ...(link ? ['', `Open it in the console: ${link}`] : []),
  ];
  return { title, text: lines.join('\n'), link };
}
