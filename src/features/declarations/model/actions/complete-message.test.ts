import { describe, expect, it } from 'vitest';
import { delayForDeliveryBodySchema } from '../../../../contract/declaration-actions';
import { EMCS_NEEDS } from '../../../../contract/emcs-needs';
import { completeMessage } from './complete-message';
import { unmetRules } from './unmet-rules';

const FIELDS = [
  { path: 'messageRole', label: 'Delay concerns' },
  { path: 'explanationCode', label: 'Explanation' },
];
const message = completeMessage(delayForDeliveryBodySchema, EMCS_NEEDS.delayForDelivery);

describe('completeMessage', () => {
  it('asks for what EMCS needs although the contract leaves it optional', () => {
    expect(unmetRules(delayForDeliveryBodySchema, {}, FIELDS)).toEqual([]);
    expect(unmetRules(message, {}, FIELDS).map((r) => r.text)).toEqual(['Explanation', 'Delay concerns']);
    expect(unmetRules(message, { explanationCode: '3', messageRole: '1' }, FIELDS)).toEqual([]);
  });

  it('keeps the values’ own rules', () => {
    expect(unmetRules(message, { explanationCode: '9', messageRole: '1' }, FIELDS).map((r) => r.text)).toEqual([
      'Explanation (The explanation code must be one of 0, 1, 2, 3, 4, 5)',
    ]);
  });
});
