import { describe, expect, it } from 'vitest';
import { newAlertRuleSchema } from '../../../contract/alerts';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../lib/i18n/i18n';
import { ruleErrorText } from './rule-errors';

/** The messages the schema gives a rule with these faults, by field. */
function messagesOf(rule: unknown): Record<string, string> {
  const issues = newAlertRuleSchema.safeParse(rule).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const FAULTY = { name: ' ', eventType: 'x'.repeat(101), channels: ['teams'], digest: true };

// One translation state for the console, so these run in order on it.
describe('the rule form’s messages', () => {
  it('stay the schema’s own in English', async () => {
    await startI18n('en');
    await loadNamespaces('notifications');
    const t = i18n.getFixedT('en', 'notifications');
    const messages = messagesOf(FAULTY);
    expect(ruleErrorText(messages.name, t)).toBe('must not be empty');
    expect(ruleErrorText(messages.eventType, t)).toBe('must be at most 100 characters');
    expect(ruleErrorText(messages.webhookUrl, t)).toBe('is required for a Teams or Slack channel');
    expect(ruleErrorText(undefined, t)).toBeUndefined();
  });

  it('are written in the clerk’s language, every message the schema gives', async () => {
    await changeLanguage('de');
    const t = i18n.getFixedT('de', 'notifications');
    const messages = messagesOf(FAULTY);
    expect(ruleErrorText(messages.name, t)).toBe('darf nicht leer sein');
    expect(ruleErrorText(messages.eventType, t)).toBe('darf höchstens 100 Zeichen lang sein');
    expect(ruleErrorText(messages.digest, t)).toBe('eine tägliche Zusammenfassung ist eine E-Mail: wählen Sie den E-Mail-Kanal');
    expect(ruleErrorText(messagesOf({ ...FAULTY, webhookUrl: 'http://example.com/hook' }).webhookUrl, t)).toMatch(/^muss HTTPS verwenden/);
    await changeLanguage('en');
  });
});
