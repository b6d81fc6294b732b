import { describe, expect, it } from 'vitest';
import { formatCode, formatCodeMeaning, formatDateTime, formatQuantity, formatTime } from './format';

describe('formatDateTime', () => {
  it('writes day, month name, year and local 24-hour time, whatever form the timestamp has', () => {
    // Local time is what the user's clock says: build the expectation from the same moment.
    for (const iso of ['2026-03-04T05:06:07Z', '2026-12-31T23:59:59.999+02:00', '2026-01-01T00:00:00-05:00']) {
      const d = new Date(iso);
      const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()];
      const time = [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
      expect(formatDateTime(iso)).toBe(`${d.getDate()} ${month} ${d.getFullYear()}, ${time}`);
    }
    expect(formatDateTime('2026-07-15T12:30:00')).toBe('15 Jul 2026, 12:30:00');
  });

  it('leaves out the seconds, and the year when it is this year, for dense tables', () => {
    const thisYear = new Date().getFullYear();
    expect(formatDateTime(`${thisYear}-07-15T12:30:45`, { dense: true })).toBe('15 Jul, 12:30');
    expect(formatDateTime(`${thisYear - 1}-07-15T12:30:45`, { dense: true })).toBe(`15 Jul ${thisYear - 1}, 12:30`);
  });

  it('reads a bare date as local midnight, not UTC', () => {
    expect(formatDateTime('2026-02-28')).toBe('28 Feb 2026, 00:00:00');
  });

  it('shows a dash for no value and the text itself when it is not a date', () => {
    expect([undefined, null, ''].map((v) => formatDateTime(v))).toEqual(['—', '—', '—']);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatTime', () => {
  it('writes the local time of day', () => {
    expect(formatTime('2026-07-15T09:08:07')).toBe('09:08:07');
    expect(formatTime(undefined)).toBe('—');
  });
});

describe('formatQuantity', () => {
  it('groups thousands and keeps at most three decimals', () => {
    expect(formatQuantity(1234567)).toBe('1,234,567');
    expect(formatQuantity(1.23456)).toBe('1.235');
    expect(formatQuantity(0)).toBe('0');
    expect(formatQuantity(undefined)).toBe('');
    expect(formatQuantity(null)).toBe('');
  });
});

describe('formatCode', () => {
  it('formats per jurisdiction', () => {
    expect(formatCode('EU', '42022190')).toBe('4202 21 90');
    expect(formatCode('UK', '4202219000')).toBe('4202 21 90 00');
    expect(formatCode('US', '8471.3001 00')).toBe('8471.30.01.00');
    expect(formatCode('CH', '42022190')).toBe('4202.2190');
  });
  it('leaves odd codes alone', () => {
    expect(formatCode('EU', '4202')).toBe('4202');
  });
});

describe('formatCodeMeaning', () => {
  it('shows code and meaning', () => {
    expect(formatCodeMeaning({ code: '0', meaning: 'Other' })).toBe('0 – Other');
    expect(formatCodeMeaning({ code: 'E450', meaning: 'Kerosene,' })).toBe('E450 – Kerosene');
  });
});
