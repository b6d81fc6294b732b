import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../lib/i18n/i18n';
import { dueText, formatMinutes } from './radar-timing';

const now = Date.parse('2026-11-28T12:00:00Z');

// One translation state for the console, so these run in order on it.
describe('radar timing', () => {
  it('says spans in days, hours and minutes', async () => {
    await startI18n('en');
    await loadNamespaces('radar');
    const t = i18n.getFixedT('en', 'radar');
    expect(formatMinutes(12, t)).toBe('12 min');
    expect(formatMinutes(125, t)).toBe('2 h 5 min');
    expect(formatMinutes(60 * 24 * 3 + 240, t)).toBe('3 d 4 h');
    expect(formatMinutes(60 * 24 * 31, t)).toBe('31 d');
  });

  it('says whether an item is overdue or due soon', () => {
    const t = i18n.getFixedT('en', 'radar');
    expect(dueText('2026-11-28T10:00:00Z', now, t)).toBe('overdue by 2 h');
    expect(dueText('2026-11-28T12:20:00Z', now, t)).toBe('due in 20 min');
    expect(dueText(null, now, t)).toBeNull();
  });

  it('says them in the clerk’s language', async () => {
    await changeLanguage('de');
    expect(dueText('2026-11-25T08:00:00Z', now, i18n.getFixedT('de', 'radar'))).toBe('seit 3 T. 4 Std. überfällig');
    await changeLanguage('nl');
    expect(dueText('2026-11-28T14:05:00Z', now, i18n.getFixedT('nl', 'radar'))).toBe('vervalt over 2 u 5 min');
    await changeLanguage('fr');
    expect(formatMinutes(60 * 24 * 2, i18n.getFixedT('fr', 'radar'))).toBe('2 j');
    await changeLanguage('en');
  });
});
