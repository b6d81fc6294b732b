import { z } from 'zod';
import { changeDestinationBodySchema } from '../../../../contract/declaration-actions';
import { EMCS_NEEDS } from '../../../../contract/emcs-needs';
import { completeMessage } from './complete-message';
import type { FieldCatalogue } from './field-catalogue';

const text = z.string().optional();
const code = z.number().int().optional();
const address = z.object({ street: text, city: text, zipCode: text, country: text }).optional();

/** The Change Destination form, on the body's paths (codes as ints, like the body); re-reads drafts. */
export const changeDestinationFormSchema = z.object({
  invoice: z.object({ date: text, number: text }).optional(),
  exciseGoodsShipment: z.object({
    headerEadEsad: z.object({ destinationTypeCode: code, journeyTime: text }),
    transportMode: z.object({ transportModeCode: code, complementaryInformation: text, complementaryInformationLanguage: text }).optional(),
    consigneeTrader: z
      .object({ name: text, address, businessPartnerReferences: z.array(z.object({ type: text, code: text })).optional() })
      .optional(),
    deliveryPlaceTrader: z.object({ name: text, address }).optional(),
    transportDetails: z
      .array(z.object({ transportUnitCode: code, identityOfTransportUnits: text, commercialSealIdentification: text }))
      .optional(),
    movementGuarantee: z.object({ guarantorTypeCode: code }).optional(),
  }),
});
export type ChangeDestinationForm = z.infer<typeof changeDestinationFormSchema>;

/** The contract body plus what EMCS needs (destination type, journey time, the code of each group given). */
export const changeDestinationMessageSchema = completeMessage(changeDestinationBodySchema, EMCS_NEEDS.changeDestination);

/** Groups of the body sent only when something in them was filled in. */
export const CHANGE_DESTINATION_OPTIONAL_GROUPS: readonly string[] = [
  'invoice',
  'exciseGoodsShipment.transportMode',
  'exciseGoodsShipment.consigneeTrader',
  'exciseGoodsShipment.consigneeTrader.address',
  'exciseGoodsShipment.deliveryPlaceTrader',
  'exciseGoodsShipment.deliveryPlaceTrader.address',
  'exciseGoodsShipment.movementGuarantee',
];

export const CHANGE_DESTINATION_DEFAULTS: ChangeDestinationForm = { exciseGoodsShipment: { headerEadEsad: {}, transportDetails: [] } };

const S = 'exciseGoodsShipment';
const addressFields = (at: string, who: string): FieldCatalogue => [
  { path: `${at}.name`, label: `${who}: name` },
  { path: `${at}.address.street`, label: `${who}: street` },
  { path: `${at}.address.city`, label: `${who}: city` },
  { path: `${at}.address.zipCode`, label: `${who}: postcode` },
  { path: `${at}.address.country`, label: `${who}: country` },
];

export const CHANGE_DESTINATION_FIELDS: FieldCatalogue = [
  { path: `${S}.headerEadEsad.destinationTypeCode`, label: 'Destination type' },
  { path: `${S}.headerEadEsad.journeyTime`, label: 'Journey time' },
  { path: 'invoice.date', label: 'Invoice date' },
  { path: 'invoice.number', label: 'Invoice number' },
  ...addressFields(`${S}.consigneeTrader`, 'New consignee'),
  { path: `${S}.consigneeTrader.businessPartnerReferences.#.type`, label: 'New consignee: reference {n} type' },
  { path: `${S}.consigneeTrader.businessPartnerReferences.#.code`, label: 'New consignee: reference {n} code' },
  ...addressFields(`${S}.deliveryPlaceTrader`, 'Place of delivery'),
  { path: `${S}.transportMode.transportModeCode`, label: 'Transport mode' },
  { path: `${S}.transportMode.complementaryInformation`, label: 'Transport information' },
  { path: `${S}.transportMode.complementaryInformationLanguage`, label: 'Language of the transport information' },
  { path: `${S}.transportDetails.#.transportUnitCode`, label: 'Transport unit {n}: kind' },
  { path: `${S}.transportDetails.#.identityOfTransportUnits`, label: 'Transport unit {n}: identity' },
  { path: `${S}.transportDetails.#.commercialSealIdentification`, label: 'Transport unit {n}: commercial seal' },
  { path: `${S}.movementGuarantee.guarantorTypeCode`, label: 'Guarantor' },
  { path: `${S}.transportDetails`, label: 'Transport units', group: true },
];
