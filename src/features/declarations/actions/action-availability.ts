import { DECLARATION_ACTION_NAMES, DECLARATION_ACTIONS, type DeclarationAction } from '../../../contract/declaration-actions';
import { EDITABLE_STATUSES, type Declaration } from '../../../contract/declarations';
import { isAllowed, type OperationKey } from '../../../contract/operations';
import type { Role } from '../../../contract/user-claims';

/** An EMCS movement after its report of receipt (the sandbox's names: src/sandbox/actions/README.md). */
export const AFTER_RECEIPT_STATUSES: readonly string[] = ['Delivered', 'Refused', 'PartiallyRefused'];
/** An alert does not stop an EMCS movement: it still counts as accepted. */
const OPEN_MOVEMENT: readonly string[] = ['Accepted', 'Alerted'];

interface AvailabilityRule {
  /** 'any': the server decides (e.g. by flow step, for documents). */
  statuses: readonly string[] | 'any';
  /** EMCS messages belong to one side: the consignee (IN) or the consignor (OUT). */
  direction?: 'IN' | 'OUT';
  /** Goods Arrived: pre-lodged (declaration type D) only. */
  preLodgeOnly?: boolean;
}

/**
 * THE availability table: which statuses (and movement sides) allow each action. It mirrors the
 * sandbox's table (src/sandbox/actions/README.md) minus what the page cannot see (an EMCS message
 * awaiting its answer); the server stays the judge: outside its row an action ends as
 * DeclarationActionFinished / <Action>Unsuccessful.
 */
export const ACTION_AVAILABILITY: Readonly<Record<DeclarationAction, AvailabilityRule>> = {
  submit: { statuses: ['Validated', 'CustomsError'] },
  goodsArrived: { statuses: ['Validated', 'Invalid', 'Submitted', 'CustomsError', 'Accepted'], preLodgeOnly: true },
  validate: { statuses: EDITABLE_STATUSES },
  generateSad: { statuses: ['Accepted', 'Released'] },
  generateDocument: { statuses: ['Accepted', 'Released'] },
  invalidate: { statuses: ['Accepted', 'Released'] },
  receiptReport: { statuses: OPEN_MOVEMENT, direction: 'IN' },
  complementaryExplanation: { statuses: AFTER_RECEIPT_STATUSES, direction: 'IN' },
  changeDestination: { statuses: ['Accepted'], direction: 'OUT' },
  rejectOrAlertEad: { statuses: OPEN_MOVEMENT, direction: 'IN' },
  delayForDelivery: { statuses: OPEN_MOVEMENT },
};

/** Invalidate of an e-AD is the consignor's cancellation (IE810) before the goods are received. */
const EAD_CANCELLATION: AvailabilityRule = { statuses: ['Accepted'], direction: 'OUT' };

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

const rolesWith = (operation: OperationKey): string => (operation === ACTION_OPERATIONS.invalidate ? 'supervisors only' : 'clerks and supervisors');

/** Whether one action is open to this user on this declaration, and if not, the first reason why. */
export function actionAvailability(action: DeclarationAction, declaration: AvailabilityFacts, roles: readonly Role[]): Availability {
  const rule = action === 'invalidate' && declaration.arc ? EAD_CANCELLATION : ACTION_AVAILABILITY[action];
  const operation = ACTION_OPERATIONS[action];
  const no = (reason: string): Availability => ({ action, available: false, reason });
  if (!isAllowed(roles, operation)) return no(`Your role may not do this (${rolesWith(operation)}).`);
  if (DECLARATION_ACTIONS[action].excise && !declaration.arc) return no('Only for excise movements (a declaration with an ARC).');
  if (rule.direction === 'IN' && declaration.direction !== 'IN') return no('Only the consignee of an inbound movement can do this.');
  if (rule.direction === 'OUT' && declaration.direction !== 'OUT') return no('Only the consignor of an outbound movement can do this.');
  if (rule.preLodgeOnly && declaration.singleAdministrativeDocument?.addDeclType !== 'D') return no('Only for pre-lodged declarations (type D).');
  if (rule.statuses !== 'any' && !rule.statuses.includes(declaration.currentStatus)) {
    return no(`Not in status ${declaration.currentStatus}; needs ${rule.statuses.join(' or ')}.`);
  }
  return { action, available: true };
}

/** Every action, in menu order, with its availability. */
export const actionsFor = (declaration: AvailabilityFacts, roles: readonly Role[]): Availability[] =>
  DECLARATION_ACTION_NAMES.map((action) => actionAvailability(action, declaration, roles));
