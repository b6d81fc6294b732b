import type { TFunction } from '../../../../lib/i18n/message-keys';
import type { Editability } from './editability';
import type { GoodsItemField } from './goods-item-fields';
import type { HeaderField } from './header-fields';

/** The declaration page's wording comes from the `declaration` catalog in the console's language. */
type T = TFunction<'declaration'>;

/** Why the header or goods items cannot be changed now; undefined when they can. */
export function editabilityText(e: Editability, t: T): string | undefined {
  if (e.editable) return undefined;
  return e.cause === 'status' ? t('editability.status', { status: e.status }) : t('editability.role');
}

/** A header or goods item field's label (the English matches the one table of field labels). */
export const fieldText = (f: HeaderField | GoodsItemField, t: T): string => t(`fields.${f}`);

/**
 * The forms' schemas (header-form.ts, goods-item-form.ts) write their messages in English, and
 * their tests read them so; the form shows them in the clerk's language. Any other message (zod's
 * own, already in the language, or the number reader's) is shown as it is.
 */
const KNOWN = {
  'The declaration type has at most 3 characters, e.g. IM.': 'declType',
  'The additional declaration type is one of A, B, C, D, E, F, J, K, X, Y, Z.': 'addDeclType',
  'The office code is 2 letters and 6 letters or digits, e.g. NL000396.': 'officeCode',
  'The currency is 3 capital letters (ISO 4217), e.g. EUR.': 'currency',
  'An EORI is 2 letters and up to 15 letters or digits.': 'eori',
  'Enter the goods description.': 'description',
  'The commodity code has 8 digits (10 with a national suffix).': 'commodityCode',
  'The package type is a 2-character code, e.g. PX.': 'packagingType',
  'The number of packages is a whole number.': 'packagingQuantity',
  'Use an excise product code from the BC36 list, e.g. B000.': 'exciseCode',
  'Enter a commodity code, or an article reference it can be taken from.': 'codeOrArticle',
  'The net mass cannot be above the gross mass.': 'netAboveGross',
  'Give the currency of the customs value.': 'valueCurrency',
  'Excise movements need an excise product code.': 'exciseNeeded',
} as const;
const NUMBER_FIELDS = { 'Gross mass': 'grossMass', 'Net mass': 'netMass', 'Customs value': 'customsValue' } as const;

const isKnown = (message: string): message is keyof typeof KNOWN => Object.hasOwn(KNOWN, message);
const isNumberField = (label: string): label is keyof typeof NUMBER_FIELDS => Object.hasOwn(NUMBER_FIELDS, label);
const INVOICE_CURRENCY = /^Use the invoice currency of the declaration \((.+)\)\.$/;
const NOT_A_NUMBER = /^(.+) must be a number of zero or more\.$/;

/** A form field's message in the console's language; undefined stays undefined. */
export function formMessageText(message: string | undefined, t: T): string | undefined {
  if (message === undefined) return undefined;
  if (isKnown(message)) return t(`validation.${KNOWN[message]}`);
  const currency = INVOICE_CURRENCY.exec(message)?.[1];
  if (currency) return t('validation.invoiceCurrency', { currency });
  const label = NOT_A_NUMBER.exec(message)?.[1];
  if (label && isNumberField(label)) return t('validation.notNumber', { field: t(`validation.${NUMBER_FIELDS[label]}`) });
  return message;
}
