import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('formats as dayjs did, YYYY-MM-DD HH:mm in local time, whatever form the timestamp has', () => {
    for (const iso of ['2026-03-04T05:06:07Z', '2026-12-31T23:59:59.999+02:00', '2026-01-01T00:00:00-05:00', '2026-07-15T12:30:00', '2026-02-28']) {
      expect(formatDateTime(iso)).toBe(dayjs(iso).format('YYYY-MM-DD HH:mm'));
    }
  });

  it('shows nothing for no value and the text itself when it is not a date', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
