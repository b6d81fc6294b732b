import { describe, expect, it } from 'vitest';
import { fromPickerValue, toPickerValue } from './timestamp-picker';

describe('the timestamp picker value', () => {
  it('round-trips the ISO timestamp the service takes through local time, to the second', () => {
    const iso = '2026-01-31T08:00:07Z';
    const local = toPickerValue(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:07$/);
    expect(fromPickerValue(local ?? '')).toBe(iso);
  });

  it('shows no value for an empty or unreadable timestamp', () => {
    expect(toPickerValue('')).toBeNull();
    expect(toPickerValue('yesterday')).toBeNull();
    expect(fromPickerValue('not a time')).toBe('');
  });
});
