import type { DeclarationRecord, StoredGoodsItem } from '../store/declarations/declaration-record.js';
import type { DocumentSource } from './render-pdf.js';

/** What a customs document shows of a declaration: its identifiers, placement, header and every goods item. */
export function documentSource(d: DeclarationRecord, items: readonly StoredGoodsItem[]): DocumentSource {
  return {
    declarationId: d.id,
    lrn: d.lrn,
    mrn: d.mrn,
    arc: d.arc,
    currentStatus: d.status,
    customsFlow: d.customsFlow,
    customsFlowStep: d.customsFlowStep,
    jurisdiction: d.jurisdiction,
    externalReference: d.externalReference,
    direction: d.direction,
    sad: d.header,
    goodsItems: items.map((i) => i.data),
  };
}
