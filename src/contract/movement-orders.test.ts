import { describe, expect, it } from 'vitest';
import { movementIngestRulesSchema, movementRuleErrors, movementRuleIssues, type Movement } from './movement-orders';

const movement = (over: Partial<Movement> = {}): Movement => ({
  timestamp: '2026-01-31T10:00:00Z',
  externalReference: 'WMS-1',
  movementType: 'RFFC',
  movementLines: [{ itemId: 'A', direction: 'Out', quantity: 5, uom: 'KGM' }],
  ...over,
});

describe('movement rule issues', () => {
  it('names the field of each broken rule, with the same errors as movementRuleErrors', () => {
    const m = movement({
      customsDestination: 'Home',
      writeOffRules: [
        { customsStatus: 'Free' },
        { preferentialOriginCountry: 'XX', inboundDocRefNum: '26DE1', inboundFunctionRefNum: 'LRN-1' },
      ],
      movementLines: [
        { itemId: 'A', direction: 'Out', quantity: 5, uom: 'KGM' },
        { itemId: 'B', direction: 'Sideways', quantity: 0, uom: 'KGM', receivingStorageLocationReference: 'L2' },
      ],
    });
    const issues = movementRuleIssues(m);
    expect(issues.map((i) => [i.errorCode, i.path.join('.')])).toEqual([
      ['V602', 'customsDestination'],
      ['V606', 'writeOffRules.1.preferentialOriginCountry'],
      ['V617', 'writeOffRules.1.inboundFunctionRefNum'],
      ['V611', 'movementLines.1.direction'],
      ['V612', 'movementLines.1.quantity'],
      ['V608', 'movementLines.1.receivingStorageLocationReference'],
    ]);
    expect(movementRuleErrors(m)).toEqual(issues.map(({ errorCode, errorMessage }) => ({ errorCode, errorMessage })));
    expect(issues[4]?.message).toBe('must not be zero');
  });

  it('points a type-level rule at the list it is about', () => {
    const trfb = movementRuleIssues(movement({ movementType: 'TRFB' }));
    expect(trfb.map((i) => i.path)).toEqual([['movementLines']]);
    const blend = movementRuleIssues(
      movement({
        movementType: 'TRFB',
        movementLines: [{ itemId: 'A', direction: 'Transfer', quantity: 1, uom: 'LTR', blendResult: { itemId: 'B', uom: 'LTR' } }],
      }),
    );
    expect(blend.map((i) => i.path.join('.'))).toEqual(['movementLines.0.blendResult.quantity']);
    const trfa = movementRuleIssues(movement({ movementType: 'TRFA' }));
    expect(trfa.map((i) => i.path.join('.'))).toEqual([
      'movementLines.0.receivingStorageLocationReference',
      'movementLines.0.receivingAuthorizationId',
    ]);
  });

  it('rejects more than 9,999 lines', () => {
    const line = { itemId: 'A', direction: 'Out', quantity: 1, uom: 'KGM' };
    expect(movementRuleIssues(movement({ movementLines: Array.from({ length: 9999 }, () => line) }))).toEqual([]);
    expect(movementRuleIssues(movement({ movementLines: Array.from({ length: 10_000 }, () => line) })).map((i) => i.errorCode)).toEqual([
      'V613',
    ]);
  });
});

describe('movementIngestRulesSchema', () => {
  it('accepts a valid ingest and reports rules at their path inside movements', () => {
    expect(movementIngestRulesSchema.safeParse({ movements: [movement()] }).success).toBe(true);
    const result = movementIngestRulesSchema.safeParse({
      movements: [movement(), movement({ movementType: 'PROC', customsDestination: 'HomeUse' })],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['movements.1.customsDestination', 'is only allowed for RFFC and ADJN'],
    ]);
  });

  it('reports the structure first: a line without quantity', () => {
    const result = movementIngestRulesSchema.safeParse({
      movements: [{ ...movement(), movementLines: [{ itemId: 'A', direction: 'Out', uom: 'KGM' }] }],
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['movements.0.movementLines.0.quantity']);
  });
});
