import type { TFunction } from '../../../lib/i18n/message-keys';
import { NO_HEADER } from './subscription-form-model';

/**
 * The subscription schema (src/contract/subscriptions.ts) writes its messages in English, as the
 * service's own refusals are; the form shows them in the clerk's language. Each known message has
 * its entry in the `subscriptions` catalog (validation.*); any other (zod's own, already in the
 * language, or the service's reason for a refused field) is shown as it is.
 */
const KNOWN = {
  'is required': 'required',
  'must be a string': 'string',
  'must not be empty': 'empty',
  'must not be empty; omit it to receive every subtype': 'emptySubtype',
  'must be an absolute https URL': 'absoluteHttps',
  'must not carry credentials; use accessTokenUrl or additionalHeaders': 'credentials',
  'must use HTTPS (plain HTTP is accepted only for localhost, 127.0.0.1 and [::1])': 'httpsOnly',
  'must be an https URL': 'httpsUrl',
  "must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-)": 'headerName',
  'is set by the service or the transport and cannot be given': 'reservedHeader',
  'must not contain line breaks': 'lineBreaks',
  'is required with accessTokenUrl': 'requiredWithToken',
  'is used only with accessTokenUrl': 'onlyWithToken',
  'Authorization cannot be an additional header when accessTokenUrl is set: the service sends the OAuth bearer token in it':
    'authorizationHeader',
  'is given more than once': 'twice',
  [NO_HEADER]: 'noHeader',
} as const;

const isKnown = (message: string): message is keyof typeof KNOWN => Object.hasOwn(KNOWN, message);
const TOO_LONG = /^must be at most (\d+) characters$/;
const TOO_MANY = /^must hold at most (\d+) headers$/;

/** A subscription form field's message in the console's language; undefined stays undefined. */
export function fieldErrorText(message: string | undefined, t: TFunction<'subscriptions'>): string | undefined {
  if (message === undefined) return undefined;
  if (isKnown(message)) return t(`validation.${KNOWN[message]}`);
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('validation.tooLong', { max: tooLong[1] });
  const tooMany = TOO_MANY.exec(message);
  return tooMany ? t('validation.tooManyHeaders', { max: tooMany[1] }) : message;
}
