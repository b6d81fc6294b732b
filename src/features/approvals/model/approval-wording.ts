import type { ApprovalRule } from '../../../contract/approval-policy';
import type { ApprovalRequest, ApprovalStatus } from '../../../contract/approvals';
import { DECLARATION_ACTIONS } from '../../../contract/declaration-actions';

/** `POST /v1/declarations/{declarationId}/submit` → "Submit". */
export function operationLabel(operation: string): string {
  const segment = operation.split('/').at(-1) ?? operation;
  return Object.values(DECLARATION_ACTIONS).find((a) => a.segment === segment)?.label ?? operation;
}

export const STATUS_WORDS: Record<ApprovalStatus, { label: string; color: string }> = {
  pending: { label: 'Awaiting approval', color: 'yellow' },
  sending: { label: 'Approved, sending', color: 'blue' },
  sent: { label: 'Approved and sent', color: 'green' },
  failed: { label: 'Approved, the service refused it', color: 'red' },
  rejected: { label: 'Rejected', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
};

/** "3 min", "2 h 5 min", "1 d 4 h". */
export function ageText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  if (m < 1) return 'just now';
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** A rule in words: "Submit when the customs value is at least 100000 EUR; approved by supervisor". */
export function ruleText(rule: ApprovalRule): string {
  const conditions = [
    rule.customsValueAtLeast &&
      `the customs value is at least ${rule.customsValueAtLeast.amount.toLocaleString('en-GB')} ${rule.customsValueAtLeast.currency}`,
    rule.declarationTypes && `the declaration type is ${rule.declarationTypes.join(' or ')}`,
    rule.flows && `the flow is ${rule.flows.join(' or ')}`,
    rule.jurisdictions && `the jurisdiction is ${rule.jurisdictions.join(' or ')}`,
    rule.directions && `the direction is ${rule.directions.join(' or ')}`,
  ].filter(Boolean);
  const when = conditions.length ? ` when ${conditions.join(' and ')}` : ', always';
  return `${operationLabel(rule.operation)}${when}; approved by ${rule.approverRoles.join(' or ')}`;
}

/** What the requester reads about their request on the declaration. */
export function outcomeText(r: ApprovalRequest): string {
  const by = r.decision?.by.name ?? 'someone';
  const why = r.decision?.comment ? `: “${r.decision.comment}”` : '.';
  switch (r.status) {
    case 'pending':
      return `Asked by ${r.requester.name}; nothing has been sent to customs yet.`;
    case 'sending':
      return `Approved by ${by}; being sent to customs.`;
    case 'sent':
      return `Approved by ${by} and sent to customs${why}`;
    case 'failed':
      return `Approved by ${by}, but the service did not take it: ${r.outcomeDetail ?? `HTTP ${r.upstreamStatus ?? '?'}`}`;
    case 'rejected':
      return `Rejected by ${by}${why}`;
    case 'withdrawn':
      return `Withdrawn by ${by}.`;
    case 'expired':
      return 'Nobody decided in time; it expired and nothing was sent.';
  }
}
