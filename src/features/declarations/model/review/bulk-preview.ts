import { declarationFacts, findGuardingRule, type ApprovalPolicy } from '../../../../contract/approval-policy';
import type { Declaration } from '../../../../contract/declarations';
import type { BulkPlan } from './bulk-runner';

/** What a bulk Submit will do, told before anything is sent: n submitted, m sent for approval, k skipped with why. */
export interface BulkPreview<T> {
  submitted: T[];
  approval: { target: T; reason: string }[];
  skipped: { target: T; reason: string }[];
}

/**
 * Splits the runnable rows by the approval policy, read from each declaration as the service has
 * it (the same facts and rules the BFF applies; the BFF decides when the calls are sent). A
 * declaration that cannot be read is counted as submitted: the BFF still holds it if it must.
 */
export async function previewBulkSubmit<T extends { declarationId: string }>(
  plan: BulkPlan<T>,
  policy: ApprovalPolicy,
  read: (declarationId: string) => Promise<Declaration>,
): Promise<BulkPreview<T>> {
  const preview: BulkPreview<T> = { submitted: [], approval: [], skipped: plan.skipped };
  const guards = policy.rules.some((r) => r.operation === 'POST /v1/declarations/{declarationId}/submit');
  const matches = await Promise.all(
    plan.runnable.map(async (target) => {
      if (!guards) return undefined;
      const declaration = await read(target.declarationId).catch(() => undefined);
      return declaration && findGuardingRule(policy, 'POST /v1/declarations/{declarationId}/submit', declarationFacts(declaration));
    }),
  );
  plan.runnable.forEach((target, i) => {
    const match = matches[i];
    if (!match) preview.submitted.push(target);
    else
      preview.approval.push({
        target,
        reason: match.rule.description ?? (match.facts.map((f) => `${f.condition}: ${f.value}`).join('; ') || 'The approval policy'),
      });
  });
  return preview;
}
