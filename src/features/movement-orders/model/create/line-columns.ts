import { hasBlend, hasReceiving, type LineField } from './order-draft';

export interface LineColumn {
  field: LineField;
  /** The English name, which a header row of a pasted sheet or CSV file may use; shown through the catalog (columns.<field>). */
  label: string;
  width: number;
  /** A picker from a shipped code list instead of free text. */
  list?: 'direction' | 'uom' | 'exciseProductCode';
}

const ALWAYS: readonly LineColumn[] = [
  { field: 'itemId', label: 'Item id', width: 150 },
  { field: 'itemDescription', label: 'Description', width: 200 },
  { field: 'direction', label: 'Direction', width: 120, list: 'direction' },
  { field: 'quantity', label: 'Quantity', width: 110 },
  { field: 'uom', label: 'Unit', width: 110, list: 'uom' },
  { field: 'exciseProductCode', label: 'Excise product', width: 120, list: 'exciseProductCode' },
  { field: 'asv', label: 'ASV %', width: 90 },
  { field: 'serialBatchReference', label: 'Batch', width: 120 },
  { field: 'storageLocationReference', label: 'Storage location', width: 150 },
  { field: 'authorizationId', label: 'Authorization', width: 150 },
];
const RECEIVING: readonly LineColumn[] = [
  { field: 'receivingStorageLocationReference', label: 'Receiving location', width: 160 },
  { field: 'receivingAuthorizationId', label: 'Receiving authorization', width: 170 },
];
const ORIGINS: readonly LineColumn[] = [
  { field: 'preferentialOriginCountry', label: 'Pref. origin', width: 100 },
  { field: 'nonPreferentialOriginCountry', label: 'Non-pref. origin', width: 120 },
];
const BLEND: readonly LineColumn[] = [
  { field: 'blendItemId', label: 'Blend item id', width: 150 },
  { field: 'blendQuantity', label: 'Blend quantity', width: 120 },
  { field: 'blendUom', label: 'Blend unit', width: 110 },
];

/**
 * The line columns a movement type uses, in table order: also the column order of a pasted
 * spreadsheet or a CSV file without a header row.
 */
export function lineColumns(type: string): readonly LineColumn[] {
  return [...ALWAYS, ...(hasReceiving(type) ? RECEIVING : []), ...ORIGINS, ...(hasBlend(type) ? BLEND : [])];
}
