import { describe, expect, it } from 'vitest';
import {
  CHANGE_DESTINATION_DEFAULTS,
  CHANGE_DESTINATION_FIELDS,
  CHANGE_DESTINATION_OPTIONAL_GROUPS,
  changeDestinationMessageSchema,
  type ChangeDestinationForm,
} from './change-destination-form';
import { unmetRules } from './unmet-rules';

const rules = (form: ChangeDestinationForm) =>
  unmetRules(changeDestinationMessageSchema, form, CHANGE_DESTINATION_FIELDS, CHANGE_DESTINATION_OPTIONAL_GROUPS).map((r) => r.text);

describe('Change Destination form', () => {
  it('starts with the two header rules only: untouched optional groups are not sent', () => {
    const touched: ChangeDestinationForm = {
      exciseGoodsShipment: { headerEadEsad: {}, transportMode: { complementaryInformation: '' }, consigneeTrader: { address: {} } },
    };
    expect(rules(CHANGE_DESTINATION_DEFAULTS)).toEqual(['Destination type', 'Journey time']);
    expect(rules(touched)).toEqual(['Destination type', 'Journey time']);
  });

  it('checks the journey time, the country and a started transport group', () => {
    const form: ChangeDestinationForm = {
      exciseGoodsShipment: {
        headerEadEsad: { destinationTypeCode: 1, journeyTime: 'H25' },
        consigneeTrader: { address: { country: 'gb' } },
        transportMode: { complementaryInformation: 'Via Dover' },
      },
    };
    expect(rules(form)).toEqual([
      'Journey time: Journey time is H01 to H24 (hours) or D01 to D92 (days).',
      'New consignee: country: A country is two capital letters (ISO 3166-1 alpha-2).',
      // What EMCS needs comes after the schema's own rules (the console asks for it: complete-message.ts).
      'Transport mode',
    ]);
  });
});
