import { describe, expect, it } from 'vitest';
import { complementaryExplanationBodySchema } from '../../../../contract/declaration-actions';
import { COMPLEMENTARY_EXPLANATION_FIELDS, withExplainedItemsOnly } from './complementary-explanation-form';
import { pruneEmpty } from './prune-empty';
import { unmetRules } from './unmet-rules';

describe('Complementary Explanation form', () => {
  const form = {
    exciseGoodsShipment: { analysis: { globalExplanation: 'Breakage in transit' } },
    governmentAgencyGoodsItems: [
      { casReference: '1', exciseGoodsItem: { bodyAnalysis: { explanation: '', actualQuantity: 88 } } },
      { casReference: '2', exciseGoodsItem: { bodyAnalysis: {} } },
    ],
  };

  it('takes the global explanation without its language (optional in the specification)', () => {
    expect(unmetRules(complementaryExplanationBodySchema, form, COMPLEMENTARY_EXPLANATION_FIELDS)).toEqual([]);
  });

  it('sends only the items with an explanation or a quantity', () => {
    const parsed = complementaryExplanationBodySchema.parse(
      pruneEmpty({ ...form, exciseGoodsShipment: { analysis: { globalExplanation: 'Breakage', globalExplanationLanguage: 'en' } } }),
    );
    expect(withExplainedItemsOnly(parsed).governmentAgencyGoodsItems).toEqual([
      { casReference: '1', exciseGoodsItem: { bodyAnalysis: { actualQuantity: 88 } } },
    ]);
  });
});
