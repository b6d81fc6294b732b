import { z } from 'zod';
import { directionSchema, type Direction } from './customs-shipment.js';
import type { Declaration } from './declarations.js';
import { ALLOWED_OPERATIONS, type OperationKey } from './operations.js';
import { roleSchema, type Role } from './user-claims.js';

/**
 * The four-eyes policy (APPROVAL_POLICY_FILE): which service writes wait for a second person's
 * approval before the BFF forwards them. A rule with only `operation` holds every such call; its
 * conditions narrow it (all of them must hold; a list matches any of its values). The BFF
 * enforces it, the console shows it and predicts it for a bulk Submit: one owner, here.
 */

const DECLARATION_PATH = ' /v1/declarations/{declarationId}';
const WRITE = /^(POST|PUT|PATCH|DELETE) /;

/** The operations a rule may guard: the service's writes to one declaration (its facts decide the conditions). */
export const GUARDABLE_OPERATIONS: readonly OperationKey[] = ALLOWED_OPERATIONS.filter(
  (o) => WRITE.test(o) && o.includes(DECLARATION_PATH),
);
const isGuardable = (o: string): o is OperationKey => GUARDABLE_OPERATIONS.some((g) => g === o);

const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR');
const nonEmptyList = <T extends z.ZodType>(item: T) => z.array(item).min(1, 'list at least one value');

export const approvalRuleSchema = z.strictObject({
  operation: z.string().refine(isGuardable, { message: `must be one of: ${GUARDABLE_OPERATIONS.join(', ')}` }),
  /** Shown with the rule in the console, e.g. "High-value imports". */
  description: z.string().trim().min(1).max(200).optional(),
  /** The declaration's customs value in this currency (the goods items' values summed; other currencies are not converted) is at least the amount. */
  customsValueAtLeast: z.strictObject({ amount: z.number().nonnegative(), currency: currencySchema }).optional(),
  /** The declaration type (declType: IM, EX, CO, EAD, ...). */
  declarationTypes: nonEmptyList(z.string().trim().min(1)).optional(),
  /** The customs flow by name (e.g. "NL Import"). */
  flows: nonEmptyList(z.string().trim().min(1)).optional(),
  jurisdictions: nonEmptyList(z.string().trim().min(1)).optional(),
  directions: nonEmptyList(directionSchema).optional(),
  /** Who may approve; default supervisors. Nobody approves their own request, whatever their roles. */
  approverRoles: nonEmptyList(roleSchema).default(['supervisor']),
});
export type ApprovalRule = z.infer<typeof approvalRuleSchema>;

export const approvalPolicySchema = z.strictObject({ rules: z.array(approvalRuleSchema) });
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

export const NO_APPROVAL_POLICY: ApprovalPolicy = { rules: [] };

/** What a rule's conditions look at, read from the declaration as the service has it. */
export interface DeclarationFacts {
  /** The goods items' customs values summed per currency (an item without one counts in the invoice currency). */
  customsValues: Record<string, number>;
  declarationType: string | null;
  flow: string;
  jurisdiction: string;
  direction: Direction;
}

export function declarationFacts(d: Declaration): DeclarationFacts {
  const sad = d.singleAdministrativeDocument;
  const customsValues: Record<string, number> = {};
  for (const item of sad.goodsShipment.governmentAgencyGoodsItems) {
    const amount = item.customsValue?.amount;
    const currency = item.customsValue?.currency ?? sad.invoiceCurrency;
    if (typeof amount !== 'number' || !currency) continue;
    customsValues[currency] = (customsValues[currency] ?? 0) + amount;
  }
  return {
    customsValues,
    declarationType: sad.declType ?? null,
    flow: d.customsFlow,
    jurisdiction: d.jurisdiction,
    direction: d.direction,
  };
}

/** The facts a rule matched on, in words and values (shown in the queue and stored with the request). */
export const matchedFactSchema = z.object({ condition: z.string(), value: z.string() });
export type MatchedFact = z.infer<typeof matchedFactSchema>;

const inList = (list: readonly string[] | undefined, value: string | null): boolean =>
  list === undefined || (value !== null && list.includes(value));

/** The facts the rule's conditions matched; undefined when one of them does not hold. */
export function matchRule(rule: ApprovalRule, operation: OperationKey, facts: DeclarationFacts): MatchedFact[] | undefined {
  if (rule.operation !== operation) return undefined;
  const matched: MatchedFact[] = [];
  if (rule.customsValueAtLeast) {
    const { amount, currency } = rule.customsValueAtLeast;
    const total = facts.customsValues[currency] ?? 0;
    if (total < amount) return undefined;
    matched.push({ condition: `Customs value at least ${amount} ${currency}`, value: `${total} ${currency}` });
  }
  const lists: [string, readonly string[] | undefined, string | null][] = [
    ['Declaration type', rule.declarationTypes, facts.declarationType],
    ['Flow', rule.flows, facts.flow],
    ['Jurisdiction', rule.jurisdictions, facts.jurisdiction],
    ['Direction', rule.directions, facts.direction],
  ];
  for (const [condition, list, value] of lists) {
    if (!inList(list, value)) return undefined;
    if (list) matched.push({ condition: `${condition} ${list.join(' or ')}`, value: value ?? '' });
  }
  return matched;
}

export interface PolicyMatch {
  rule: ApprovalRule;
  /** The rule's position in the policy (0-based). */
  ruleIndex: number;
  facts: MatchedFact[];
}

/** The first rule that holds this call for approval; undefined: it goes through at once. */
export function findGuardingRule(policy: ApprovalPolicy, operation: OperationKey, facts: DeclarationFacts): PolicyMatch | undefined {
  for (const [ruleIndex, rule] of policy.rules.entries()) {
    const matched = matchRule(rule, operation, facts);
    if (matched) return { rule, ruleIndex, facts: matched };
  }
  return undefined;
}

/** Whether the policy has any rule for the operation (the BFF reads the declaration only then). */
export const guardsOperation = (policy: ApprovalPolicy, operation: OperationKey): boolean =>
  policy.rules.some((r) => r.operation === operation);

/** Whether one of these roles may approve under this rule. */
export const mayApprove = (rule: Pick<ApprovalRule, 'approverRoles'>, roles: readonly Role[]): boolean =>
  roles.some((r) => rule.approverRoles.includes(r));
