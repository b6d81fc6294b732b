import type { Attachment } from '../../../../contract/declarations';
import type { EventEnvelope } from '../../../../contract/events';

/** When each attachment was created, from the DeclarationPdfCreated events (the attachment list itself carries no date). */
export function attachmentTimes(events: readonly EventEnvelope[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events) {
    const id = e.data['attachmentId'];
    if (e.eventType === 'DeclarationPdfCreated' && typeof id === 'string') out.set(id, e.eventTime);
  }
  return out;
}

/**
 * What tells documents of one type apart: nothing for a single one; otherwise its creation time
 * when known, else its position ("2 of 3"). Two SADs of one declaration have the same file name.
 */
export function attachmentDistinction(
  list: readonly Attachment[],
  index: number,
  times: ReadonlyMap<string, string>,
  formatTime: (iso: string) => string,
): string | undefined {
  if (list.length < 2) return undefined;
  const a = list[index];
  const time = a && times.get(a.id);
  return time ? formatTime(time) : `${index + 1} of ${list.length}`;
}
