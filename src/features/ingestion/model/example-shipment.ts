import type { CustomsShipmentInput } from '../../../contract/customs-shipment';

/**
 * A valid inbound shipment for the GB import flow (office GB000051, consignee with an EORI, one
 * classified goods item), so a first Send shows the whole path to a declaration. The
 * externalReference is unique per call: with messageType New a reused one is a DuplicateShipment.
 */
export function exampleShipment(externalReference: string): CustomsShipmentInput {
  return {
    direction: 'IN',
    externalReference,
    messageType: 'New',
    storageLocationReference: 'GB-FXT-01',
    singleAdministrativeDocument: {
      declType: 'IM',
      addDeclType: 'A',
      invoiceCurrency: 'GBP',
      declarationOfficeCode: 'GB000051',
      goodsShipment: {
        consignee: { name: 'Acme Trading UK Ltd', businessPartnerReference: [{ code: 'GB123456789000', type: 'Eori' }] },
        governmentAgencyGoodsItems: [
          {
            commodity: { description: 'Smartphones', classification: { id: '85171300' } },
            goodsMeasure: { gmass: 12, nmass: 10 },
            customsValue: { amount: 3200, currency: 'GBP' },
          },
        ],
      },
    },
  };
}

/** "CONSOLE-20261122-193412": readable, and unique enough for one clerk sending by hand. */
export function newExternalReference(now: Date = new Date()): string {
  const iso = now.toISOString();
  return `CONSOLE-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

export const exampleShipmentText = (externalReference: string): string => JSON.stringify(exampleShipment(externalReference), null, 2);
