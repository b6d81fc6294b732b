import { describe, expect, it } from 'vitest';
import { pickerMatches, singleMatchOf } from './picker-match';

const OFFICES = [
  { value: 'GB000060', label: 'GB000060 · Dover/Folkestone' },
  { value: 'GB000085', label: 'GB000085 · Felixstowe' },
  { value: 'GB000003', label: 'GB000003 · Belfast' },
];
const COUNTRIES = [
  { value: 'BD', label: 'BD · Bangladesh' },
  { value: 'DE', label: 'DE · Germany' },
  { value: 'CV', label: 'CV · Cape Verde' },
];

describe('singleMatchOf', () => {
  it('finds the one option the typed text leaves, by any part of its label, case ignored', () => {
    expect(singleMatchOf(OFFICES, 'felix')?.value).toBe('GB000085');
    expect(singleMatchOf(OFFICES, ' gb000003 ')?.value).toBe('GB000003');
  });

  it('takes an exactly typed code among several matches, and lists it first', () => {
    expect(singleMatchOf(COUNTRIES, 'de')?.value).toBe('DE');
    expect(pickerMatches(COUNTRIES, 'de').map((o) => o.value)).toEqual(['DE', 'BD', 'CV']);
  });

  it('finds none when several or no options are left, or nothing is typed', () => {
    expect(singleMatchOf(OFFICES, 'GB0000')).toBeUndefined();
    expect(singleMatchOf(OFFICES, 'Rotterdam')).toBeUndefined();
    expect(singleMatchOf(OFFICES, '  ')).toBeUndefined();
  });
});
