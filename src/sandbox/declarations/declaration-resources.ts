import type { Attachment, Declaration, DeclarationGoodsItem, DeclarationSummary } from '../../contract/declarations.js';
import type { DeclarationRecord, StoredGoodsItem } from '../store/declarations/declaration-record.js';

/** The HTTP bodies of the declaration endpoints, typed by the contract so a drift fails the type check. */

/** One element of GET /v1/declarations/search. */
export function declarationSummary(d: DeclarationRecord): DeclarationSummary {
  return {
    declarationId: d.id,
    currentStatus: d.status,
    mrn: d.mrn,
    lrn: d.lrn,
    arc: d.arc,
    ucr: d.ucr,
    externalReference: d.externalReference,
    direction: d.direction,
    customsFlow: d.customsFlow,
    customsFlowStep: d.customsFlowStep,
    jurisdiction: d.jurisdiction,
    storageLocation: d.storageLocation,
    shipFrom: d.shipFrom,
    shipTo: d.shipTo,
    hasErrors: d.errors.length > 0,
    declarationDate: d.declarationDate,
    creationDate: d.creationDate,
    lastUpdated: d.lastUpdated,
  };
}

/** A goods item as returned: its data plus governmentAgencyGoodsItemId, casReference and its 1-based sequenceNumber. */
export function goodsItemResource(item: StoredGoodsItem, sequenceNumber: number): DeclarationGoodsItem {
  return { ...item.data, governmentAgencyGoodsItemId: item.id, casReference: item.casReference, sequenceNumber };
}

/**
 * GET /v1/declarations/{id}: summary, flow placement, the document with its items; errors and
 * attachments only when asked for (`attachments` given).
 */
export function declarationResource(
  d: DeclarationRecord,
  items: readonly StoredGoodsItem[],
  options: { errors: boolean; attachments?: readonly Attachment[] },
): Declaration {
  return {
    ...declarationSummary(d),
    customsShipmentReference: d.externalReference,
    customsFlowStepInstanceCount: d.stepInstanceCount,
    customsFlowStepInstanceSeq: d.stepInstanceSeq,
    singleAdministrativeDocument: {
      ...d.header,
      goodsShipment: {
        ...(d.header.goodsShipment ?? {}),
        governmentAgencyGoodsItems: items.map((item, i) => goodsItemResource(item, i + 1)),
      },
    },
    ...(options.errors ? { errors: d.errors } : {}),
    ...(options.attachments ? { attachments: [...options.attachments] } : {}),
  };
}
