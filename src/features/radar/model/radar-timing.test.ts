import { describe, expect, it } from 'vitest';
import { dueText, formatMinutes } from './radar-timing';

describe('radar timing', () => {
  it('says spans in days, hours and minutes', () => {
    expect(formatMinutes(12)).toBe('12 min');
    expect(formatMinutes(125)).toBe('2 h 5 min');
    expect(formatMinutes(60 * 24 * 3 + 240)).toBe('3 d 4 h');
    expect(formatMinutes(60 * 24 * 31)).toBe('31 d');
  });

  it('says whether an item is overdue or due soon', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(dueText('2026-11-28T10:00:00Z', now)).toBe('overdue by 2 h');
    expect(dueText('2026-11-28T12:20:00Z', now)).toBe('due in 20 min');
    expect(dueText(null, now)).toBeNull();
  });
});
