import type { TFunction } from '../../../../lib/i18n/message-keys';
import { formatQuantity } from '../../../../lib/format';

/**
 * The order checks (order-check.ts) give the contract's English messages, as the service's own
 * texts are; the form shows them in the clerk's language. Each known message has its entry in the
 * `movementOrders` catalog (validation.*); any other (zod's own, already in the language) is shown
 * as it is.
 */
const KNOWN = {
  'is required': 'required',
  'must be a number': 'number',
  'must be an ISO 8601 timestamp, e.g. 2025-01-31T00:00:00Z': 'timestamp',
  'are only allowed for RFFC and ADJN': 'rulesOnlyFor',
  'must be Free or Bonded': 'freeOrBonded',
  'is only for an inbound EIDR without MRN: give the MRN or the LRN, not both': 'mrnOrLrn',
  'is not a movement category': 'category',
  'needs at least one line': 'oneLine',
  'must not be zero': 'notZero',
  'must be between 0 and 100': 'percent',
  'is not in the excise product list (BC36)': 'exciseProduct',
  'must equal the authorization for TRFR': 'sameAuthorization',
  'a blend result needs an item, a quantity other than zero and a unit': 'blendParts',
  'TRFB needs a blend result on at least one line': 'blendNeeded',
} as const;

const isKnown = (message: string): message is keyof typeof KNOWN => Object.hasOwn(KNOWN, message);

/** Messages with values in them, each with its catalog entry and the values it passes on. */
const PATTERNS: readonly [RegExp, (m: RegExpExecArray, t: TFunction<'movementOrders'>) => string][] = [
  [/^(.+) is not an ISO 3166-1 alpha-2 country code$/, (m, t) => t('validation.country', { value: m[1] })],
  [/^must be one of (.+)$/, (m, t) => t('validation.oneOf', { values: m[1] })],
  [/^is only allowed for (\w+) and (\w+)$/, (m, t) => t('validation.onlyForTwo', { first: m[1], second: m[2] })],
  [/^is only allowed for (\w+)$/, (m, t) => t('validation.onlyFor', { type: m[1] })],
  [/^is required for (\w+)$/, (m, t) => t('validation.requiredFor', { type: m[1] })],
  [/^holds at most (\d+) lines$/, (m, t) => t('validation.tooManyLines', { max: formatQuantity(Number(m[1])) })],
  [
    /^"(.*)" could be (.+) or (.+): type (.+) or (.+)\.$/,
    (m, t) => t('validation.ambiguous', { text: m[1], comma: m[2], point: m[3], commaTyped: m[4], pointTyped: m[5] }),
  ],
];

/** A field's message in the console's language; undefined stays undefined. */
export function validationText(message: string | undefined, t: TFunction<'movementOrders'>): string | undefined {
  if (message === undefined) return undefined;
  if (isKnown(message)) return t(`validation.${KNOWN[message]}`);
  for (const [pattern, text] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return text(match, t);
  }
  return message;
}
