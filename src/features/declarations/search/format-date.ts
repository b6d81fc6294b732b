const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Dates in the table: local time, compact and sortable by eye; the ISO value goes in the title.
 * Plain Date rather than a date library, which the first screen would otherwise download; a bare
 * date (no time) counts as local midnight, as it did with dayjs, not as UTC.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
