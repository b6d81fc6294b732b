import { describe, expect, it } from 'vitest';
import { subscriptionCreateSchema } from '../../../contract/subscriptions';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../lib/i18n/i18n';
import { fieldErrorText } from './field-error-text';
import { emptyFormValues, validateForm } from './subscription-form-model';

/** Bodies with every kind of fault the schema reports, and the messages it gives for them. */
function faultyMessages(): string[] {
  const bodies = [
    { eventType: ' ', eventSubType: '', destinationDescription: { type: 'OAuthApiDestination', destinationUrl: 'ftp://x' } },
    {
      eventType: 'x'.repeat(129),
      destinationDescription: {
        type: 'OAuthApiDestination',
        destinationUrl: 'http://example.com',
        accessTokenUrl: 'https://u:p@example.com',
        additionalHeaders: [
          { name: 'Authorization', value: 'a\nb' },
          { name: 'X A', value: '' },
          { name: 'Host', value: '' },
          { name: 'host', value: '' },
        ],
      },
    },
    { eventType: 'A', destinationDescription: { type: 'OAuthApiDestination', destinationUrl: 'nothing', clientId: 'c', scope: '' } },
  ];
  const messages = bodies.flatMap((b) => subscriptionCreateSchema.safeParse(b).error?.issues.map((i) => i.message) ?? []);
  messages.push(...Object.values(validateForm({ ...emptyFormValues(), auth: 'header' }).errors));
  return [...new Set(messages)];
}

// One translation state for the console, so these run in order on it.
describe('the subscription form’s messages', () => {
  it('stay the schema’s own in English', async () => {
    await startI18n('en');
    await loadNamespaces('subscriptions');
    const t = i18n.getFixedT('en', 'subscriptions');
    const messages = faultyMessages();
    expect(messages.length).toBeGreaterThan(12);
    for (const message of messages) expect(fieldErrorText(message, t)).toBe(message);
    expect(fieldErrorText(undefined, t)).toBeUndefined();
  });

  it('are written in the clerk’s language, every message the schema gives', async () => {
    await changeLanguage('fr');
    await loadNamespaces('subscriptions');
    const t = i18n.getFixedT('fr', 'subscriptions');
    for (const message of faultyMessages()) expect(fieldErrorText(message, t), message).not.toBe(message);
    expect(fieldErrorText('must be at most 128 characters', t)).toBe('doit compter au plus 128 caractères');
    expect(fieldErrorText('The destination must be reachable over HTTPS.', t)).toBe('The destination must be reachable over HTTPS.');
    await changeLanguage('en');
  });
});
