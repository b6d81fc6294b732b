const MINUTE = 60_000;

/** A span as people say it: "3 d 4 h", "2 h 5 min", "12 min". */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return m % 60 > 0 ? `${hours} h ${m % 60} min` : `${hours} h`;
  return `${m} min`;
}

/** "overdue by 2 h" or "due in 20 min"; null without a due time. */
export function dueText(dueAt: string | null, now: number): string | null {
  if (dueAt === null) return null;
  const diff = (Date.parse(dueAt) - now) / MINUTE;
  return diff < 0 ? `overdue by ${formatMinutes(-diff)}` : `due in ${formatMinutes(diff)}`;
}
