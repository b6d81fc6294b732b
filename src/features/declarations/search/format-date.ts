import dayjs from 'dayjs';

/** Dates in the table: local time, compact and sortable by eye; the ISO value goes in the title. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : iso;
}
