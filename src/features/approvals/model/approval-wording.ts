import type { TFunction } from '../../../lib/i18n/message-keys';
import type { ApprovalRule } from '../../../contract/approval-policy';
import type { ApprovalRequest, ApprovalStatus } from '../../../contract/approvals';
import { DECLARATION_ACTIONS, type DeclarationAction } from '../../../contract/declaration-actions';
import type { Role } from '../../../contract/user-claims';
import { activeLocale } from '../../../lib/i18n/active-locale';
import { formatQuantity } from '../../../lib/format';

/** The approvals wording comes from the `approvals` catalog in the console's language. */
type T = TFunction<'approvals'>;

const ACTION_NAMES = Object.keys(DECLARATION_ACTIONS).filter((a): a is DeclarationAction => a in DECLARATION_ACTIONS);

/** `POST /v1/declarations/{declarationId}/submit` → "Submit"; an operation the console does not know stays as it is. */
export function operationLabel(operation: string, t: T): string {
  const segment = operation.split('/').at(-1) ?? operation;
  const action = ACTION_NAMES.find((a) => DECLARATION_ACTIONS[a].segment === segment);
  return action ? t(`operations.${action}`) : operation;
}

export const STATUS_COLORS: Record<ApprovalStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  rejected: 'red',
  withdrawn: 'gray',
  expired: 'gray',
};

/** How long ago: "just now", "3 min ago", "2 h 5 min ago", "1 d 4 h ago". */
export function ageText(seconds: number, t: T): string {
  const m = Math.floor(seconds / 60);
  if (m < 1) return t('age.justNow');
  if (m < 60) return t('age.minutes', { minutes: formatQuantity(m) });
  const h = Math.floor(m / 60);
  if (h < 24) return t('age.hoursMinutes', { hours: formatQuantity(h), minutes: formatQuantity(m % 60) });
  return t('age.daysHours', { days: formatQuantity(Math.floor(h / 24)), hours: formatQuantity(h % 24) });
}

/** "A or B", "A and B" in the console's language (English keeps its en-GB habit: no serial comma). */
const list = (items: readonly string[], type: 'conjunction' | 'disjunction'): string =>
  new Intl.ListFormat(activeLocale() === 'en' ? 'en-GB' : activeLocale(), { type }).format(items);

/** The approver roles in words: "supervisor or analyst". */
export const rolesText = (roles: readonly Role[], t: T): string =>
  list(
    roles.map((r) => t(`roles.${r}`)),
    'disjunction',
  );

/** A rule in words: "Submit when the customs value is at least 100,000 EUR; approved by supervisor". */
export function ruleText(rule: ApprovalRule, t: T): string {
  const either = (values: readonly string[]) => list(values, 'disjunction');
  const conditions = [
    rule.customsValueAtLeast &&
      t('policy.customsValue', { amount: `${formatQuantity(rule.customsValueAtLeast.amount)} ${rule.customsValueAtLeast.currency}` }),
    rule.declarationTypes && t('policy.declarationType', { values: either(rule.declarationTypes) }),
    rule.flows && t('policy.flow', { values: either(rule.flows) }),
    rule.jurisdictions && t('policy.jurisdiction', { values: either(rule.jurisdictions) }),
    rule.directions && t('policy.direction', { values: either(rule.directions) }),
  ].filter((c): c is string => typeof c === 'string');
  const operation = operationLabel(rule.operation, t);
  const roles = rolesText(rule.approverRoles, t);
  return conditions.length
    ? t('policy.rule', { operation, conditions: list(conditions, 'conjunction'), roles })
    : t('policy.ruleAlways', { operation, roles });
}

/** What the requester reads about their request on the declaration. */
export function outcomeText(r: ApprovalRequest, t: T): string {
  const by = r.decision?.by.name ?? t('outcome.someone');
  const comment = r.decision?.comment;
  switch (r.status) {
    case 'pending':
      return t('outcome.pending', { requester: r.requester.name });
    case 'sending':
      return t('outcome.sending', { by });
    case 'sent':
      return comment ? t('outcome.sentWithComment', { by, comment }) : t('outcome.sent', { by });
    case 'failed':
      return t('outcome.failed', { by, detail: r.outcomeDetail ?? `HTTP ${r.upstreamStatus ?? '?'}` });
    case 'rejected':
      return comment ? t('outcome.rejectedWithComment', { by, comment }) : t('outcome.rejected', { by });
    case 'withdrawn':
      return t('outcome.withdrawn', { by });
    case 'expired':
      return t('outcome.expired');
  }
}
