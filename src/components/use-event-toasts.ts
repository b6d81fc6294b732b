import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import type { LiveEvent } from '../contract/live';
import { subscribeLiveEvents } from '../lib/live-events';
import { formatTime } from '../lib/format';

/** A toast's title and text for an event (the subtype names the outcome: Invalid, Released, ...). */
export function eventToast(event: LiveEvent): { title: string; message: string; color: string } {
  const sub = event.eventSubType ?? '';
  const bad = /Invalid|Error|Unsuccessful|Rejected/i.test(sub);
  const status = typeof event.data['currentStatus'] === 'string' ? event.data['currentStatus'] : undefined;
  const title = sub ? `${event.eventType}: ${sub}` : event.eventType;
  const message =
    event.eventType === 'DeclarationStatusChanged' && status
      ? `The status is now ${status}.`
      : event.eventType === 'DeclarationPdfCreated'
        ? 'A document was created; it is listed with the attachments.'
        : `Reported at ${formatTime(event.eventTime)}.`;
  return { title, message, color: bad ? 'red' : 'blue' };
}

/**
 * Toasts for live events about what the user is looking at (`isAbout`, e.g. this declaration),
 * so a change made elsewhere does not go unnoticed.
 */
export function useEventToasts(isAbout: (event: LiveEvent) => boolean): void {
  const arrived = useEffectEvent((event: LiveEvent) => {
    if (isAbout(event)) notifications.show({ id: `event-${event.id}`, ...eventToast(event), autoClose: 8_000 });
  });
  useEffect(() => subscribeLiveEvents(arrived), []);
}
