import { z } from 'zod';
import { partySchema, type Party } from '../../../../contract/customs-shipment';
import type { Declaration, DeclarationPatch } from '../../../../contract/declarations';
import type { ServerErrorMapping } from '../../../../lib/form-errors';
import { HEADER_FIELDS, headerFieldOfPath, type HeaderField } from './header-fields';

export type HeaderFormValues = Record<HeaderField, string>;

/** The party's EORI: its business partner reference of type Eori. */
export const eoriOf = (party: Party | null | undefined): string =>
  party?.businessPartnerReference?.find((r) => r.type.toLowerCase() === 'eori')?.code ?? '';

/**
 * A party of the declaration read back: the declaration schema keeps goodsShipment's parties
 * loose (only its goods items are typed), so each is parsed with the shipment's party schema.
 */
export function partyOf(value: unknown): Party | undefined {
  const parsed = partySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export const partiesOf = (d: Declaration) => ({
  consignor: partyOf(d.singleAdministrativeDocument.goodsShipment.consignor),
  consignee: partyOf(d.singleAdministrativeDocument.goodsShipment.consignee),
  agent: d.singleAdministrativeDocument.agent ?? undefined,
});

export function headerFormValues(d: Declaration): HeaderFormValues {
  const sad = d.singleAdministrativeDocument;
  const parties = partiesOf(d);
  return {
    declType: sad.declType ?? '',
    addDeclType: sad.addDeclType ?? '',
    declarationOfficeCode: sad.declarationOfficeCode ?? '',
    invoiceCurrency: sad.invoiceCurrency ?? '',
    agentStatus: sad.agentStatus ?? '',
    ucr: sad.ucr ?? '',
    consignorEori: eoriOf(parties.consignor),
    consigneeEori: eoriOf(parties.consignee),
    agentEori: eoriOf(parties.agent),
  };
}

const optionalPattern = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || re.test(v), message);

/** Checks the service makes (sandbox V1002, V1012, V1021, V1032) that the form can make first. */
export const headerFormSchema = z.object({
  declType: z.string().trim().max(3, 'The declaration type has at most 3 characters, e.g. IM.'),
  addDeclType: optionalPattern(/^[ABCDEFJKXYZ]$/, 'The additional declaration type is one of A, B, C, D, E, F, J, K, X, Y, Z.'),
  declarationOfficeCode: optionalPattern(/^[A-Z]{2}[A-Z0-9]{6}$/, 'The office code is 2 letters and 6 letters or digits, e.g. NL000396.'),
  invoiceCurrency: optionalPattern(/^[A-Z]{3}$/, 'The currency is 3 capital letters (ISO 4217), e.g. EUR.'),
  agentStatus: z.string().trim().max(2),
  ucr: z.string().trim().max(35),
  consignorEori: optionalPattern(/^[A-Z]{2}[A-Z0-9]{1,15}$/, 'An EORI is 2 letters and up to 15 letters or digits.'),
  consigneeEori: optionalPattern(/^[A-Z]{2}[A-Z0-9]{1,15}$/, 'An EORI is 2 letters and up to 15 letters or digits.'),
  agentEori: optionalPattern(/^[A-Z]{2}[A-Z0-9]{1,15}$/, 'An EORI is 2 letters and up to 15 letters or digits.'),
});

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/** The party with its Eori reference replaced (other references kept: arrays are replaced whole). */
function partyWithEori(party: Party | null | undefined, eori: string): Party {
  const others = (party?.businessPartnerReference ?? []).filter((r) => r.type.toLowerCase() !== 'eori');
  return { businessPartnerReference: eori.trim() ? [...others, { code: eori.trim(), type: 'Eori' }] : others };
}

/**
 * PATCH body with the selective update model: only the changed fields; a cleared field is null.
 * Untouched fields and parties are absent, so concurrent edits elsewhere survive.
 */
export function headerPatch(values: HeaderFormValues, changed: readonly HeaderField[], d: Declaration): DeclarationPatch {
  const parties = partiesOf(d);
  const has = (f: HeaderField) => changed.includes(f);
  const goodsShipment = {
    ...(has('consignorEori') ? { consignor: partyWithEori(parties.consignor, values.consignorEori) } : {}),
    ...(has('consigneeEori') ? { consignee: partyWithEori(parties.consignee, values.consigneeEori) } : {}),
  };
  return {
    singleAdministrativeDocument: {
      ...(has('declType') ? { declType: orNull(values.declType) } : {}),
      ...(has('addDeclType') ? { addDeclType: orNull(values.addDeclType) } : {}),
      ...(has('declarationOfficeCode') ? { declarationOfficeCode: orNull(values.declarationOfficeCode) } : {}),
      ...(has('invoiceCurrency') ? { invoiceCurrency: orNull(values.invoiceCurrency) } : {}),
      ...(has('agentStatus') ? { agentStatus: orNull(values.agentStatus) } : {}),
      ...(has('ucr') ? { ucr: orNull(values.ucr) } : {}),
      ...(has('agentEori') ? { agent: partyWithEori(parties.agent, values.agentEori) } : {}),
      ...(Object.keys(goodsShipment).length ? { goodsShipment } : {}),
    },
  };
}

/** The fields whose dirty flag is set (react-hook-form's dirtyFields). */
export const changedFields = <F extends string>(dirty: Partial<Record<F, boolean | undefined>>, all: readonly F[]): F[] =>
  all.filter((f) => dirty[f] === true);

export const changedHeaderFields = (dirty: Partial<Record<HeaderField, boolean | undefined>>): HeaderField[] =>
  changedFields(dirty, HEADER_FIELDS);

/** Server field errors (invalid-parameters names) land on header fields, in the form's order. */
export const headerErrorMapping: ServerErrorMapping<HeaderField> = { fieldOf: headerFieldOfPath, orderOf: (f) => HEADER_FIELDS.indexOf(f) };
