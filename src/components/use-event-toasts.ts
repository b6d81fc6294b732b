import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import { eventWords, type EventTone } from '../contract/event-wording';
import type { LiveEvent } from '../contract/live';
import { subscribeLiveEvents } from '../lib/live-events';
import { formatTime } from '../lib/format';

const TONE_COLOURS: Record<EventTone, string> = { success: 'green', failure: 'red', info: 'blue' };

/** How long an event toast shows; a pointer resting on it pauses that, but never past the limit. */
const EVENT_TOAST_MS = 8_000;
const EVENT_TOAST_LIMIT_MS = 20_000;

/** A toast's title and text for an event, in words (the one table: contract/event-wording). */
export function eventToast(event: LiveEvent): { title: string; message: string; color: string } {
  const { title, tone } = eventWords(event);
  const message =
    event.eventType === 'DeclarationPdfCreated' ? 'It is listed with the attachments.' : `Reported at ${formatTime(event.eventTime)}.`;
  return { title, message, color: TONE_COLOURS[tone] };
}

/**
 * Toasts for live events about what the user is looking at (`isAbout`, e.g. this declaration),
 * so a change made elsewhere does not go unnoticed.
 */
export function useEventToasts(isAbout: (event: LiveEvent) => boolean): void {
  const arrived = useEffectEvent((event: LiveEvent) => {
    if (!isAbout(event)) return;
    const id = `event-${event.id}`;
    notifications.show({
      id,
      ...eventToast(event),
      autoClose: EVENT_TOAST_MS,
      closeButtonProps: { 'aria-label': 'Dismiss' },
      // Mantine's dimmed grey is below AA contrast on white.
      styles: { description: { color: 'var(--mantine-color-dark-7)' } },
    });
    setTimeout(() => notifications.hide(id), EVENT_TOAST_LIMIT_MS);
  });
  useEffect(() => subscribeLiveEvents(arrived), []);
}
