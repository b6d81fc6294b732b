import { z } from 'zod';
import { CONSOLE_HEALTH_EVENT_TYPE, healthIncidentSchema } from '../../contract/console-health.js';
import type { EventEnvelope } from '../../contract/events.js';
import { RADAR_EVENT_TYPE, radarKindSchema } from '../../contract/radar.js';
import type { Language } from '../../contract/user-preferences.js';
import { alertText, inLanguage, writtenMoment } from '../i18n/alert-texts.js';
import { healthIncidentMessage } from './health-incident-message.js';

/** What a ConsoleHealth event carries: its English words and the incident they tell of. */
const toldIncidentSchema = z.looseObject({
  title: z.string(),
  text: z.string(),
  incident: healthIncidentSchema.optional(),
  silenceMinutes: z.number().optional(),
});

export interface AlertMessage {
  title: string;
  /** Plain text: the e-mail's body and the chat message. */
  text: string;
  /** The declaration in the console, when the event names one. */
  link: string | null;
}

/**
 * What an alert says, the same on every channel, in the recipient's language: the declaration by
 * LRN (else id), what happened, and a link to it. Status names and event types stay as the
 * service writes them.
 */
export function alertMessage(
  input: { envelope: EventEnvelope; declarationId: string | null; lrn: string | null; consoleUrl: string },
  language: Language = 'en',
): AlertMessage {
  const { envelope, declarationId, lrn } = input;
  // The console's own incidents carry the incident (health-alerts.ts), else their words.
  if (envelope.eventType === CONSOLE_HEALTH_EVENT_TYPE) {
    const told = toldIncidentSchema.safeParse(envelope.data);
    if (told.success) {
      const { incident, silenceMinutes, title, text } = told.data;
      const said = incident ? healthIncidentMessage(incident, silenceMinutes ?? 0, input.consoleUrl, language) : { title, text };
      return { ...said, link: `${input.consoleUrl}/health` };
    }
  }
  const radarKind = envelope.eventType === RADAR_EVENT_TYPE ? radarKindSchema.safeParse(envelope.eventSubType) : undefined;
  const event = `${envelope.eventType}${envelope.eventSubType ? ` / ${envelope.eventSubType}` : ''}`;
  const what = radarKind?.success
    ? alertText('alert.what.overdue', { kind: alertText(`radar.${radarKind.data}`) })
    : envelope.eventType === 'DeclarationStatusChanged' && envelope.eventSubType
      ? alertText('alert.what.status', { status: envelope.eventSubType })
      : alertText('alert.what.event', { event });
  const radarSubject = radarKind?.success && typeof envelope.data['subject'] === 'string' ? envelope.data['subject'] : null;
  const subject = declarationId
    ? alertText('alert.subject.declaration', { ref: lrn ?? declarationId })
    : radarSubject
      ? alertText('alert.subject.item', { ref: radarSubject })
      : alertText('alert.subject.event');
  const say = (t: Parameters<typeof inLanguage>[1]) => inLanguage(language, t);
  const title = say(alertText('alert.title', { subject, what }));
  const link = declarationId ? `${input.consoleUrl}/declarations/${encodeURIComponent(declarationId)}` : null;
  const lines = [
    title,
    '',
    ...(lrn ? [say(alertText('alert.line.lrn', { lrn }))] : []),
    ...(declarationId ? [say(alertText('alert.line.declarationId', { id: declarationId }))] : []),
    say(alertText('alert.line.event', { event, time: writtenMoment(language, envelope.eventTime) })),
    ...(link ? ['', say(alertText('alert.line.open', { link }))] : []),
  ];
  return { title, text: lines.join('\n'), link };
}
