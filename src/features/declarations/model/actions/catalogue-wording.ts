import type { TFunction } from '../../../../lib/i18n/message-keys';
import type { FieldCatalogue } from './field-catalogue';

/**
 * The dialogs' field catalogues name their fields in English (their tests read them so); the
 * "Still needed" list and server field errors name them in the clerk's language: each known label
 * has its entry in the `actions` catalog (catalogue.*). `{n}` stays for findField to fill in.
 */
const KEYS = {
  'Document type': 'documentType',
  'Cancellation reason': 'cancellationReason',
  Reason: 'reason',
  'Complementary information': 'complementaryInformation',
  'Language of the complementary information': 'complementaryLanguage',
  'Delay concerns': 'delayConcerns',
  Explanation: 'explanation',
  'Language of the explanation': 'explanationLanguage',
  'Reject or alert': 'rejectOrAlert',
  'Destination office': 'destinationOffice',
  'Date of arrival': 'dateOfArrival',
  'Global conclusion of receipt': 'globalConclusion',
  'Item {n}: CAS reference': 'itemCas',
  'Item {n}: excise product code': 'itemExciseCode',
  'Item {n}: shortage or excess': 'itemShortageOrExcess',
  'Item {n}: observed shortage or excess': 'itemObserved',
  'Item {n}: refused quantity': 'itemRefused',
  'Item {n}: unsatisfactory reason': 'itemReason',
  'Item {n}: reason information': 'itemReasonInformation',
  'Item {n}: language of the reason information': 'itemReasonLanguage',
  'Item {n}: unsatisfactory reasons': 'itemReasons',
  'Goods items': 'goodsItems',
  'Item {n}: explanation': 'itemExplanation',
  'Item {n}: language of the explanation': 'itemExplanationLanguage',
  'Item {n}: actual quantity': 'itemActualQuantity',
  'Destination type': 'destinationType',
  'Journey time': 'journeyTime',
  'Invoice date': 'invoiceDate',
  'Invoice number': 'invoiceNumber',
  'New consignee: name': 'consigneeName',
  'New consignee: street': 'consigneeStreet',
  'New consignee: city': 'consigneeCity',
  'New consignee: postcode': 'consigneePostcode',
  'New consignee: country': 'consigneeCountry',
  'New consignee: reference {n} type': 'consigneeReferenceType',
  'New consignee: reference {n} code': 'consigneeReferenceCode',
  'Place of delivery: name': 'deliveryName',
  'Place of delivery: street': 'deliveryStreet',
  'Place of delivery: city': 'deliveryCity',
  'Place of delivery: postcode': 'deliveryPostcode',
  'Place of delivery: country': 'deliveryCountry',
  'Transport mode': 'transportMode',
  'Transport information': 'transportInformation',
  'Language of the transport information': 'transportLanguage',
  'Transport unit {n}: kind': 'unitKind',
  'Transport unit {n}: identity': 'unitIdentity',
  'Transport unit {n}: commercial seal': 'unitSeal',
  Guarantor: 'guarantor',
  'Transport units': 'transportUnits',
} as const;

const isKnown = (label: string): label is keyof typeof KEYS => Object.hasOwn(KEYS, label);

export const catalogueInLanguage = (catalogue: FieldCatalogue, t: TFunction<'actions'>): FieldCatalogue =>
  catalogue.map((field) => (isKnown(field.label) ? { ...field, label: t(`catalogue.${KEYS[field.label]}`, { n: '{n}' }) } : field));
