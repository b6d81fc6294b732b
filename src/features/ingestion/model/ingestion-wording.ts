import type { TFunction } from '../../../lib/i18n/message-keys';

/** The ingestion page's wording comes from the `ingestion` catalog in the console's language. */
type T = TFunction<'ingestion'>;

/**
 * The forms' own rules (shipment-form-model.ts, master-data-model.ts, contract-resolver.ts) and the
 * contract's formula rules write their messages in English, and their tests read them so; the
 * forms show them in the clerk's language. Any other message (zod's own, already in the language,
 * the number reader's, or the service's) is shown as it is.
 */
const KNOWN = {
  'is required': 'required',
  'must be IN or OUT': 'direction',
  'must be a 3-letter currency code, e.g. GBP': 'currency',
  'is required: the customs office where the declaration is lodged': 'officeRequired',
  'must be 8 characters: a country code and 6 letters or digits, e.g. GB000051': 'office',
  'must be an EORI number: a country code and up to 15 letters or digits': 'eori',
  'must be 6, 8 or 10 digits': 'commodityCode',
  'must be a number above zero': 'numberAboveZero',
  'must be a number, zero or more': 'numberZeroOrMore',
  'must be a whole number above zero': 'wholeAboveZero',
  'must be a whole number, zero or more': 'wholeZeroOrMore',
  'is required (or an article item id, from which it is deduced)': 'descriptionOrArticle',
  'must not be above the gross mass': 'netAboveGross',
  'is required with an amount': 'currencyWithAmount',
  'needs at least one goods item': 'oneGoodsItem',
  'must be a number': 'number',
  'must not be zero': 'notZero',
  'isWaste is required (true or false)': 'isWaste',
  'must be after activeFromDate': 'afterActiveFrom',
  'must be an ISO 8601 timestamp, e.g. 2025-01-31T00:00:00Z': 'timestamp',
  'needs at least one article': 'oneArticle',
  'needs at least one partner': 'onePartner',
} as const;
const isKnown = (message: string): message is keyof typeof KNOWN => Object.hasOwn(KNOWN, message);

const MAX_LENGTH = /^must be at most (\d+) characters$/;
const ONE_OF = /^must be one of (.+)$/;
const LINES_AT_LEAST = /^needs at least (\d+) formula lines$/;
const LINES_AT_MOST = /^holds at most (\d+) formula lines$/;
const SECONDARY_AT_MOST = /^holds at most (\d+) secondary products$/;
const NOT_JSON = /^Not valid JSON: (.*)$/s;

/** A form field's or the editor's message in the console's language; undefined stays undefined. */
export function issueText(message: string | undefined, t: T): string | undefined {
  if (message === undefined) return undefined;
  if (isKnown(message)) return t(`validation.${KNOWN[message]}`);
  const max = MAX_LENGTH.exec(message)?.[1];
  if (max) return t('validation.maxLength', { max });
  const values = ONE_OF.exec(message)?.[1];
  if (values) return t('validation.oneOf', { values });
  const min = LINES_AT_LEAST.exec(message)?.[1];
  if (min) return t('validation.linesAtLeast', { min });
  const linesMax = LINES_AT_MOST.exec(message)?.[1];
  if (linesMax) return t('validation.linesAtMost', { max: linesMax });
  const secondaryMax = SECONDARY_AT_MOST.exec(message)?.[1];
  if (secondaryMax) return t('validation.secondaryAtMost', { max: secondaryMax });
  const reason = NOT_JSON.exec(message)?.[1];
  if (reason !== undefined) return t('validation.notJson', { reason });
  return message;
}

const XML_ROOT = /^An XML root element (<.*>) is not a message the console can send\.$/;

/** Why a dropped file is no message the console can send (detect-message.ts), in the console's language. */
export function dropErrorText(error: string, t: T): string {
  if (error === 'The file is neither JSON nor XML.') return t('fileDrop.errors.neither');
  if (error.startsWith('The JSON does not look like')) return t('fileDrop.errors.unknownJson');
  const root = XML_ROOT.exec(error)?.[1];
  return root ? t('fileDrop.errors.xmlRoot', { root }) : error;
}
