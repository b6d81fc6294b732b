import { actionRule, visibleRefusal, type ActionRule, type VisibleRefusal } from '../../../../contract/action-availability';
import { DECLARATION_ACTION_NAMES, type DeclarationAction } from '../../../../contract/declaration-actions';
import type { Declaration } from '../../../../contract/declarations';
import { isAllowed, type OperationKey } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';

/** The policy key of each action (generateDocument carries its document type in the path). */
export const ACTION_OPERATIONS: Readonly<Record<DeclarationAction, OperationKey>> = {
  submit: 'POST /v1/declarations/{declarationId}/submit',
  goodsArrived: 'POST /v1/declarations/{declarationId}/goodsArrived',
  validate: 'POST /v1/declarations/{declarationId}/validate',
  generateSad: 'POST /v1/declarations/{declarationId}/generateSad',
  generateDocument: 'POST /v1/declarations/{declarationId}/generateDocument/{documentType}',
  invalidate: 'POST /v1/declarations/{declarationId}/invalidate',
  receiptReport: 'POST /v1/declarations/{declarationId}/receiptReport',
  complementaryExplanation: 'POST /v1/declarations/{declarationId}/complementaryExplanation',
  changeDestination: 'POST /v1/declarations/{declarationId}/changeDestination',
  rejectOrAlertEad: 'POST /v1/declarations/{declarationId}/rejectOrAlertEad',
  delayForDelivery: 'POST /v1/declarations/{declarationId}/delayForDelivery',
};

/** What availability needs to know of a declaration (a summary is enough, except for pre-lodge). */
export type AvailabilityFacts = Pick<Declaration, 'currentStatus' | 'arc' | 'direction'> & {
  singleAdministrativeDocument?: { addDeclType?: string | null | undefined };
};

export type Availability = { action: DeclarationAction; available: true } | { action: DeclarationAction; available: false; reason: string };

const rolesWith = (operation: OperationKey): string =>
  operation === ACTION_OPERATIONS.invalidate ? 'supervisors only' : 'clerks and supervisors';

/** Why each part of the availability table's row fails, in words. */
const REASONS: Readonly<Record<Exclude<VisibleRefusal, 'status'>, (rule: ActionRule) => string>> = {
  kind: (rule) =>
    rule.kind === 'ead' ? 'Only for excise movements (a declaration with an ARC).' : 'Only for customs declarations (no ARC).',
  side: (rule) =>
    rule.side === 'IN'
      ? 'Only the consignee of an inbound movement can do this.'
      : 'Only the consignor of an outbound movement can do this.',
  preLodge: () => 'Only for pre-lodged declarations (type D).',
};

/**
 * Whether one action is open to this user on this declaration, and if not, the first reason why.
 * The rules are THE availability table (contract/action-availability.ts) minus its server checks
 * (an EMCS message awaiting its answer, ...), which the page cannot see: the server stays the judge.
 */
export function actionAvailability(action: DeclarationAction, declaration: AvailabilityFacts, roles: readonly Role[]): Availability {
  const rule = actionRule(action, Boolean(declaration.arc));
  const operation = ACTION_OPERATIONS[action];
  const no = (reason: string): Availability => ({ action, available: false, reason });
  if (!isAllowed(roles, operation)) return no(`Your role may not do this (${rolesWith(operation)}).`);
  const refusal = visibleRefusal(rule, {
    status: declaration.currentStatus,
    ead: Boolean(declaration.arc),
    direction: declaration.direction,
    addDeclType: declaration.singleAdministrativeDocument?.addDeclType,
  });
  if (refusal === 'status') return no(`Not in status ${declaration.currentStatus}; needs ${rule.statuses.join(' or ')}.`);
  if (refusal) return no(REASONS[refusal](rule));
  return { action, available: true };
}

/** Every action, in menu order, with its availability. */
export const actionsFor = (declaration: AvailabilityFacts, roles: readonly Role[]): Availability[] =>
  DECLARATION_ACTION_NAMES.map((action) => actionAvailability(action, declaration, roles));
