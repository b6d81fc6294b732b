import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { approvalPolicySchema, findGuardingRule, GUARDABLE_OPERATIONS, mayApprove, type DeclarationFacts } from './approval-policy.js';

const SUBMIT = 'POST /v1/declarations/{declarationId}/submit';
const INVALIDATE = 'POST /v1/declarations/{declarationId}/invalidate';
const facts = (over: Partial<DeclarationFacts> = {}): DeclarationFacts => ({
  customsValues: { EUR: 120_000, GBP: 5 },
  declarationType: 'IM',
  flow: 'NL Import',
  jurisdiction: 'NL',
  direction: 'IN',
  ...over,
});

describe('approval policy', () => {
  it('takes the demo policy shipped with npm start, approvers defaulting to supervisors', () => {
    const policy = approvalPolicySchema.parse(JSON.parse(readFileSync('config/approval-policy.demo.json', 'utf8')));
    expect(policy.rules.map((r) => [r.operation, r.approverRoles])).toEqual([
      [SUBMIT, ['supervisor']],
      [INVALIDATE, ['supervisor']],
    ]);
  });

  it('refuses reads, unknown operations, unknown fields and malformed conditions, naming the field', () => {
    const issues = (json: unknown) => approvalPolicySchema.safeParse(json).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ rules: [{ operation: 'GET /v1/declarations/{declarationId}' }] })).toEqual(['rules.0.operation']);
    expect(issues({ rules: [{ operation: 'POST /v1/declarations/{declarationId}/launch' }] })).toEqual(['rules.0.operation']);
    expect(issues({ rules: [{ operation: SUBMIT, customsValueAtLeast: { amount: 1, currency: 'euro' } }] })).toEqual([
      'rules.0.customsValueAtLeast.currency',
    ]);
    expect(issues({ rules: [{ operation: SUBMIT, directions: ['SIDEWAYS'] }] })).toEqual(['rules.0.directions.0']);
    expect(issues({ rules: [{ operation: SUBMIT, approverRoles: [] }] })).toEqual(['rules.0.approverRoles']);
    expect(issues({ rules: [{ operation: SUBMIT, treshold: 5 }] })).toEqual(['rules.0']);
    expect(GUARDABLE_OPERATIONS).toContain(SUBMIT);
    expect(GUARDABLE_OPERATIONS).not.toContain('POST /v1/customsshipments');
  });

  it('holds a call when every condition of a rule holds, and says which facts matched', () => {
    const policy = approvalPolicySchema.parse({
      rules: [
        { operation: SUBMIT, customsValueAtLeast: { amount: 100_000, currency: 'EUR' }, directions: ['IN'], jurisdictions: ['NL', 'BE'] },
        { operation: INVALIDATE, approverRoles: ['supervisor', 'analyst'] },
      ],
    });
    expect(findGuardingRule(policy, SUBMIT, facts())?.facts).toEqual([
      { condition: 'Customs value at least 100000 EUR', value: '120000 EUR' },
      { condition: 'Jurisdiction NL or BE', value: 'NL' },
      { condition: 'Direction IN', value: 'IN' },
    ]);
    // At the threshold it is held; below it, in another currency (not converted), or elsewhere it is not.
    expect(findGuardingRule(policy, SUBMIT, facts({ customsValues: { EUR: 100_000 } }))).toBeDefined();
    expect(findGuardingRule(policy, SUBMIT, facts({ customsValues: { EUR: 99_999.99 } }))).toBeUndefined();
    expect(findGuardingRule(policy, SUBMIT, facts({ customsValues: { USD: 500_000 } }))).toBeUndefined();
    expect(findGuardingRule(policy, SUBMIT, facts({ jurisdiction: 'GB' }))).toBeUndefined();
    expect(findGuardingRule(policy, SUBMIT, facts({ direction: 'OUT' }))).toBeUndefined();
    // A rule with only its operation holds every such call.
    const invalidate = findGuardingRule(policy, INVALIDATE, facts({ customsValues: {} }));
    expect(invalidate).toMatchObject({ ruleIndex: 1, facts: [] });
    expect(mayApprove(invalidate!.rule, ['analyst'])).toBe(true);
    expect(mayApprove(policy.rules[0]!, ['clerk', 'analyst'])).toBe(false);
  });
});
