import type { TFunction } from '../../../lib/i18n/message-keys';

/**
 * The alert rule schema (src/contract/alerts.ts) writes its messages in English, as the BFF's
 * problem documents do; the form shows them in the clerk's language. Each known message has its
 * entry in the `notifications` catalog (validation.*); any other (zod's own, already in the
 * language) is shown as it is.
 */
const KNOWN = {
  'must not be empty': 'empty',
  'choose at least one channel': 'channel',
  'is required for a Teams or Slack channel': 'webhookRequired',
  'one webhook per rule: choose Teams or Slack': 'oneWebhook',
  'is required for a team rule': 'recipientRequired',
  'a personal rule alerts its author': 'personalRecipient',
  'a daily digest is an e-mail: choose the e-mail channel': 'digestEmail',
  'only a rule for one person narrows to their declarations': 'mineOnly',
  'must be an absolute https URL': 'absoluteHttps',
  'must use HTTPS (plain HTTP is accepted only for localhost, 127.0.0.1 and [::1])': 'httpsOnly',
  'must be an https URL': 'httpsUrl',
} as const;

const isKnown = (message: string): message is keyof typeof KNOWN => Object.hasOwn(KNOWN, message);
const TOO_LONG = /^must be at most (\d+) characters$/;

/** A rule form field's message in the console's language; undefined stays undefined. */
export function ruleErrorText(message: string | undefined, t: TFunction<'notifications'>): string | undefined {
  if (message === undefined) return undefined;
  if (isKnown(message)) return t(`validation.${KNOWN[message]}`);
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? t('validation.tooLong', { max: tooLong[1] }) : message;
}
