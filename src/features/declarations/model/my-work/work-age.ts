import type { TFunction } from '../../../../lib/i18n/message-keys';
import { isOverdue, type WorkItem } from '../../../../contract/work-queue';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type T = TFunction<'myWork'>;

/** A span as a queue reads it, two units at most: "3 d 4 h", "2 h 5 min", "12 min", "under 1 min" (in the `myWork` catalog's language). */
export function formatSpan(ms: number, t: T): string {
  const span = Math.max(0, ms);
  if (span < MINUTE) return t('span.underMinute');
  const days = Math.floor(span / DAY);
  const hours = Math.floor((span % DAY) / HOUR);
  const minutes = Math.floor((span % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? t('span.daysHours', { days, hours }) : t('span.days', { days });
  if (hours > 0) return minutes > 0 ? t('span.hoursMinutes', { hours, minutes }) : t('span.hours', { hours });
  return t('span.minutes', { minutes });
}

/** How long the declaration has been in its status, and how its due time stands, at `now`. */
export function workTiming(
  item: Pick<WorkItem, 'enteredStatusAt' | 'dueAt'>,
  now: number,
  t: T,
): { age: string; overdue: boolean; due: string } {
  const overdue = isOverdue(item, now);
  const toDue = Date.parse(item.dueAt) - now;
  return {
    age: formatSpan(now - Date.parse(item.enteredStatusAt), t),
    overdue,
    due: overdue ? t('span.overdueBy', { span: formatSpan(-toDue, t) }) : t('span.dueIn', { span: formatSpan(toDue, t) }),
  };
}

/** One line per owner (unassigned first, then by name): how many, how many overdue, the oldest. The page names the unassigned pile in its language. */
interface QueueSummary {
  /** 'unassigned' or the owner's sub. */
  key: string;
  name: string;
  count: number;
  overdue: number;
  oldestSince: string | undefined;
}

export const UNASSIGNED = 'unassigned';

export function summariseQueues(items: readonly WorkItem[], now: number): QueueSummary[] {
  const byKey = new Map<string, QueueSummary>([
    [UNASSIGNED, { key: UNASSIGNED, name: 'Unassigned', count: 0, overdue: 0, oldestSince: undefined }],
  ]);
  for (const item of items) {
    const key = item.owner?.sub ?? UNASSIGNED;
    const q = byKey.get(key) ?? { key, name: item.owner?.name ?? 'Unassigned', count: 0, overdue: 0, oldestSince: undefined };
    q.count += 1;
    if (isOverdue(item, now)) q.overdue += 1;
    if (q.oldestSince === undefined || Date.parse(item.enteredStatusAt) < Date.parse(q.oldestSince)) q.oldestSince = item.enteredStatusAt;
    byKey.set(key, q);
  }
  const [unassigned, ...people] = [...byKey.values()];
  return [...(unassigned ? [unassigned] : []), ...people.sort((a, b) => a.name.localeCompare(b.name))];
}
