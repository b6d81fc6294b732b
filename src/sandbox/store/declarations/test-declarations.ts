import type { NewDeclaration, StoredGoodsItem } from './declaration-record.js';

/** Test support for the declarations contract tests: a declaration row with every field set. */
export function newDeclaration(n: number, overrides: Partial<NewDeclaration> = {}): NewDeclaration {
  return {
    id: `d-${String(n).padStart(4, '0')}`,
    tenantId: 't-1',
    shipmentId: 's-1',
    status: 'Validated',
    mrn: null,
    lrn: `LRN${String(n).padStart(6, '0')}`,
    arc: null,
    ucr: null,
    externalReference: `PO-${n}`,
    direction: 'IN',
    customsFlow: 'GB Import',
    customsFlowStep: 'H1 Import',
    stepInstanceCount: 1,
    stepInstanceSeq: 1,
    jurisdiction: 'GB',
    storageLocation: 'GB-FXT-01',
    shipFrom: 'CN',
    shipTo: 'GB',
    declarationDate: null,
    creationDate: `2026-03-${String(10 + (n % 10)).padStart(2, '0')}T08:00:00.000Z`,
    header: { declType: 'IM', goodsShipment: { consignee: { name: 'Acme' } } },
    ...overrides,
  };
}

export const goodsItems = (...casReferences: string[]): StoredGoodsItem[] =>
  casReferences.map((cas, i) => ({
    id: `item-${cas}`,
    casReference: cas,
    data: { commodity: { description: `goods ${i + 1}` }, goodsMeasure: { gmass: i + 1.5 } },
  }));
