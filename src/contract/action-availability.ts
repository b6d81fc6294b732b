import type { DeclarationAction } from './declaration-actions.js';
import { EDITABLE_STATUSES, type DeclarationStatus } from './declaration-statuses.js';

/**
 * THE availability table of the declaration actions, read by the sandbox (which enforces it) and
 * the console (which offers only what it allows). The specification says only that availability
 * depends on the status and that Goods Arrived is for pre-lodged declarations (docs/service-facts.md 1.2);
 * the rows are the sandbox default. Outside its row an action still answers 202 and ends as
 * DeclarationActionFinished `<Action>Unsuccessful`; Receipt Report answers 400 (specification).
 */

/** Conditions the service judges from state the declaration resource does not show (the EMCS movement). */
export type ServerCondition = 'nothingPending' | 'noReceiptReport' | 'shortageOrExcess';

export interface ActionRule {
  statuses: readonly DeclarationStatus[];
  /** 'ead': an EMCS e-AD only (it has an ARC); 'customs': a customs declaration only (no ARC). */
  kind?: 'ead' | 'customs';
  /** EMCS messages belong to one side: the consignee (IN) or the consignor (OUT). */
  side?: 'IN' | 'OUT';
  /** Goods Arrived: pre-lodged (additional declaration type D) only. */
  preLodgeOnly?: true;
  /** Generate document: the declaration's flow step must produce the type; only the service knows its steps. */
  flowStepDecides?: true;
  /** Checked by the service in this order, after kind, side and pre-lodge, before the status. */
  serverChecks?: readonly ServerCondition[];
}

/** An alert does not stop an EMCS movement: Alerted still counts as accepted. */
const OPEN_MOVEMENT: readonly DeclarationStatus[] = ['Accepted', 'Alerted'];
const AFTER_RECEIPT: readonly DeclarationStatus[] = ['Delivered', 'Refused', 'PartiallyRefused'];
const DOCUMENTS: readonly DeclarationStatus[] = ['Accepted', 'Released'];
const EMCS_OPEN: readonly ServerCondition[] = ['nothingPending', 'noReceiptReport'];

export const ACTION_AVAILABILITY: Readonly<Record<DeclarationAction, ActionRule>> = {
  // Invalid must be fixed first (a change or Validate moves it to Validated); a customs rejection may be resolved outside the document (e.g. the EORI registered), so CustomsError may be resubmitted as is.
  submit: { statuses: ['Validated', 'CustomsError'] },
  goodsArrived: { statuses: ['Validated', 'Invalid', 'Submitted', 'CustomsError', 'Accepted'], preLodgeOnly: true },
  validate: { statuses: EDITABLE_STATUSES },
  generateSad: { statuses: DOCUMENTS, flowStepDecides: true },
  generateDocument: { statuses: DOCUMENTS, flowStepDecides: true },
  invalidate: { statuses: ['Accepted', 'Released'], kind: 'customs' },
  receiptReport: { statuses: OPEN_MOVEMENT, kind: 'ead', side: 'IN', serverChecks: EMCS_OPEN },
  complementaryExplanation: { statuses: AFTER_RECEIPT, kind: 'ead', side: 'IN', serverChecks: ['shortageOrExcess', 'nothingPending'] },
  changeDestination: { statuses: ['Accepted'], kind: 'ead', side: 'OUT', serverChecks: ['nothingPending'] },
  rejectOrAlertEad: { statuses: OPEN_MOVEMENT, kind: 'ead', side: 'IN', serverChecks: EMCS_OPEN },
  delayForDelivery: { statuses: OPEN_MOVEMENT, kind: 'ead', serverChecks: ['nothingPending'] },
};

/** Invalidate of an e-AD is the consignor's cancellation (IE810) before the goods are received. */
export const EAD_CANCELLATION: ActionRule = { statuses: ['Accepted'], kind: 'ead', side: 'OUT', serverChecks: ['nothingPending'] };

/** The row that applies to a declaration: Invalidate has one for customs declarations and one for e-ADs. */
export const actionRule = (action: DeclarationAction, ead: boolean): ActionRule =>
  action === 'invalidate' && ead ? EAD_CANCELLATION : ACTION_AVAILABILITY[action];

/** Whether the action's row lists the status: the flows ask this instead of keeping status lists of their own. */
export const statusAllows = (action: DeclarationAction, status: string): boolean =>
  ACTION_AVAILABILITY[action].statuses.some((s) => s === status);

/** What the table judges from the declaration resource itself. */
interface VisibleFacts {
  status: string;
  ead: boolean;
  direction: string | null | undefined;
  addDeclType: string | null | undefined;
}

/** The first part of the row the declaration fails, in the order the service checks them (server checks aside). */
export type VisibleRefusal = 'kind' | 'side' | 'preLodge' | 'status';

export function visibleRefusal(rule: ActionRule, facts: VisibleFacts): VisibleRefusal | undefined {
  if (rule.kind && (rule.kind === 'ead') !== facts.ead) return 'kind';
  if (rule.side && facts.direction !== rule.side) return 'side';
  if (rule.preLodgeOnly && facts.addDeclType?.trim().toUpperCase() !== 'D') return 'preLodge';
  if (!rule.statuses.some((s) => s === facts.status)) return 'status';
  return undefined;
}
