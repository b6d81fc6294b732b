const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The order's timestamp (ISO 8601 UTC, "2026-01-31T08:00:00Z") as the date-time picker holds it:
 * local time "2026-01-31 09:00:00". Null when there is none or it is not a time (the picker shows
 * it empty and the check names the field).
 */
export function toPickerValue(iso: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The picker's local time back to what the service takes: ISO 8601 in UTC to the second. */
export function fromPickerValue(value: string): string {
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
