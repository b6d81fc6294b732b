import type { TFunction } from '../../../lib/i18n/message-keys';
import { formatQuantity } from '../../../lib/format';

const MINUTE = 60_000;

/** A span as people say it, in the console's language: "3 d 4 h", "2 h 5 min", "12 min" (the `radar` catalog's span.*). */
export function formatMinutes(minutes: number, t: TFunction<'radar'>): string {
  const m = Math.max(0, Math.round(minutes));
  const days = formatQuantity(Math.floor(m / 1440));
  const h = Math.floor((m % 1440) / 60);
  const hours = formatQuantity(h);
  if (m >= 1440) return h > 0 ? t('span.daysHours', { days, hours }) : t('span.days', { days });
  if (h > 0) return m % 60 > 0 ? t('span.hoursMinutes', { hours, minutes: formatQuantity(m % 60) }) : t('span.hours', { hours });
  return t('span.minutes', { minutes: formatQuantity(m) });
}

/** "overdue by 2 h" or "due in 20 min"; null without a due time. */
export function dueText(dueAt: string | null, now: number, t: TFunction<'radar'>): string | null {
  if (dueAt === null) return null;
  const diff = (Date.parse(dueAt) - now) / MINUTE;
  return diff < 0 ? t('due.overdue', { span: formatMinutes(-diff, t) }) : t('due.dueIn', { span: formatMinutes(diff, t) });
}
