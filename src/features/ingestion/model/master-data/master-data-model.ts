import { z } from 'zod';
import { articleDataItemSchema, BUSINESS_PARTNER_ROLES, businessPartnerSchema } from '../../../../contract/ingestion';
import { asText, numberOrUndefined, textOrUndefined } from '../forms/contract-resolver';
import { asRecords, isObject } from '../forms/is-object';

/** One column of a master data row: its message field, label and how its text becomes a value. */
export interface ColumnSpec {
  name: string;
  label: string;
  required?: boolean;
  description?: string;
  kind?: 'text' | 'number' | 'list';
}

export interface MasterDataSpec {
  /** Draft name, heading and the word for one row. */
  name: 'articles' | 'partners';
  title: string;
  row: string;
  purpose: string;
  path: '/v1/articledataitems' | '/v1/businesspartners';
  columns: readonly ColumnSpec[];
  /** The contract's schema of one row. */
  rowSchema: z.ZodType;
}

export type RowValues = Record<string, string>;
export interface MasterDataFormValues {
  rows: RowValues[];
}

export const ARTICLE_DATA: MasterDataSpec = {
  name: 'articles',
  title: 'Article data',
  row: 'Article',
  purpose:
    'Creates or updates articles in master data; goods items refer to them by item id, and missing commodity codes or descriptions are deduced from them.',
  path: '/v1/articledataitems',
  columns: [
    { name: 'itemId', label: 'Item id', required: true, description: 'At most 128 characters' },
    { name: 'description', label: 'Description' },
    { name: 'commodityCode', label: 'Commodity code' },
    { name: 'countryOfOrigin', label: 'Country of origin', description: 'ISO alpha-2' },
    { name: 'netMass', label: 'Net mass (kg)', kind: 'number' },
    { name: 'uom', label: 'Unit' },
    { name: 'exciseProductCode', label: 'Excise product code' },
  ],
  rowSchema: articleDataItemSchema,
};

export const BUSINESS_PARTNERS: MasterDataSpec = {
  name: 'partners',
  title: 'Business partners',
  row: 'Partner',
  purpose:
    'Creates or updates business partners in master data; a missing consignee, for instance, is taken from a partner with that role.',
  path: '/v1/businesspartners',
  columns: [
    { name: 'businessPartnerCode', label: 'Partner code', required: true, description: 'Your own key, at most 128 characters' },
    { name: 'name', label: 'Name' },
    { name: 'eori', label: 'EORI' },
    { name: 'vatNumber', label: 'VAT number' },
    { name: 'roles', label: 'Roles', kind: 'list', description: `Comma-separated: ${BUSINESS_PARTNER_ROLES.join(', ')}` },
    { name: 'country', label: 'Country', description: 'Address country, ISO alpha-2' },
  ],
  rowSchema: businessPartnerSchema,
};

export const emptyRow = (spec: MasterDataSpec): RowValues => Object.fromEntries(spec.columns.map((c) => [c.name, '']));

const listOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** One row as a message element. A partner's country goes into its address. */
export function toRowMessage(spec: MasterDataSpec, row: RowValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of spec.columns) {
    const text = row[c.name] ?? '';
    const value =
      c.kind === 'number'
        ? numberOrUndefined(text)
        : c.kind === 'list'
          ? listOf(text).length > 0
            ? listOf(text)
            : undefined
          : c.required
            ? text.trim()
            : textOrUndefined(text);
    if (value === undefined) continue;
    if (spec.name === 'partners' && c.name === 'country') out['address'] = { country: value };
    else out[c.name] = value;
  }
  return out;
}

/** The form checked as the message: each row against the contract's row schema, at least one row. */
export const masterDataSchema = (spec: MasterDataSpec) =>
  z.object({ rows: z.array(z.unknown()).min(1, `needs at least one ${spec.row.toLowerCase()}`).pipe(z.array(spec.rowSchema)) });

export const toMasterDataMessage = (spec: MasterDataSpec) => (v: MasterDataFormValues) => ({
  rows: v.rows.map((r) => toRowMessage(spec, r)),
});

/** A message from a file (a bare array, or wrapped in articleDataItems / businessPartners) as rows. */
export function masterDataValuesFrom(spec: MasterDataSpec, message: unknown): MasterDataFormValues {
  const wrapped = isObject(message) ? (message['articleDataItems'] ?? message['businessPartners']) : message;
  return {
    rows: asRecords(wrapped).map((el) => {
      return Object.fromEntries(
        spec.columns.map((c) => {
          const raw = spec.name === 'partners' && c.name === 'country' && isObject(el['address']) ? el['address']['country'] : el[c.name];
          return [c.name, Array.isArray(raw) ? raw.map(asText).join(', ') : asText(raw)];
        }),
      );
    }),
  };
}

export const isMasterDataValues = (v: unknown): v is MasterDataFormValues => isObject(v) && Array.isArray(v['rows']);

/**
 * The row field that shows a server error on a message path (`3.itemId`, a partner's
 * `3.address.country`; the console sends the bare list); undefined for paths without a column.
 */
export function masterDataFieldOf(spec: MasterDataSpec): (path: string) => `rows.${number}.${string}` | undefined {
  return (path) => {
    const match = /^(\d+)\.(.+)$/.exec(path);
    if (!match) return undefined;
    const [, index, rest = ''] = match;
    const name = rest === 'address.country' && spec.name === 'partners' ? 'country' : rest;
    return spec.columns.some((c) => c.name === name) ? `rows.${Number(index)}.${name}` : undefined;
  };
}
