import type { DeclarationAction } from '../../contract/declaration-actions.js';
import { DECLARATION_ACTIONS, GENERATE_DOCUMENT_TYPES } from '../../contract/declaration-actions.js';
import {
  ACTION_AVAILABILITY,
  actionRule,
  visibleRefusal,
  type ActionRule,
  type ServerCondition,
  type VisibleRefusal,
} from '../../contract/action-availability.js';
import type { DeclarationStatus } from '../../contract/declaration-statuses.js';
import type { DeclarationRecord } from '../store/declarations/declaration-record.js';
import { findFlowByName, findStep, type CustomsFlowConfig, type FlowStepConfig } from '../flows/flow-config.js';
import { exciseMovementOf, type ExciseMovement } from './excise-movement.js';

/**
 * The sandbox side of THE availability table (contract/action-availability.ts): why an action
 * cannot run on a declaration now, in words, with the server checks the table names. An action
 * asked for outside its row still gets 202; its outcome is DeclarationActionFinished
 * `<Action>Unsuccessful` with the reason. Receipt Report is the exception the specification names:
 * its state conditions are a synchronous 400. README.md prints the table.
 */
export type GenerateDocumentType = (typeof GENERATE_DOCUMENT_TYPES)[number];

export interface ActionSubject {
  d: DeclarationRecord;
  flow: CustomsFlowConfig | undefined;
  step: FlowStepConfig | undefined;
  /** An EMCS e-AD: the declaration has an ARC. */
  ead: boolean;
  addDeclType: string | undefined;
  movement: ExciseMovement;
}

export function subjectOf(d: DeclarationRecord): ActionSubject {
  const addDeclType = d.header.addDeclType;
  return {
    d,
    flow: findFlowByName(d.customsFlow),
    step: findStep(d.customsFlow, d.customsFlowStep),
    ead: d.arc !== null,
    addDeclType: typeof addDeclType === 'string' ? addDeclType.trim().toUpperCase() : undefined,
    movement: exciseMovementOf(d),
  };
}

/** The reason each server check fails, or undefined when it holds. */
const SERVER_CHECKS: Readonly<Record<ServerCondition, (s: ActionSubject) => string | undefined>> = {
  nothingPending: (s) => {
    const p = s.movement.pendingMessage;
    return p ? `A ${p.message} (${p.action}) was already submitted for ARC ${s.d.arc ?? ''} and awaits a response from EMCS.` : undefined;
  },
  noReceiptReport: (s) => (s.movement.reportOfReceipt ? `A receipt report was already accepted for ARC ${s.d.arc ?? ''}.` : undefined),
  shortageOrExcess: (s) =>
    s.movement.reportOfReceipt?.shortageOrExcess
      ? undefined
      : `No shortage or excess was reported for ARC ${s.d.arc ?? ''}; a complementary explanation follows a receipt report with a shortage or excess.`,
};

/** The reason for a failed part of the row the declaration itself shows. */
function visibleReason(refusal: Exclude<VisibleRefusal, 'status'>, rule: ActionRule, s: ActionSubject): string {
  switch (refusal) {
    case 'kind':
      return s.ead
        ? `Declaration ${s.d.lrn} is an e-AD; this rule is for customs declarations.`
        : `Declaration ${s.d.lrn} is not an EMCS e-AD (it has no ARC).`;
    case 'side':
      return rule.side === 'IN'
        ? `Only the consignee of an inbound excise movement can do this; ${s.d.lrn} is the consignor's dispatch.`
        : `Only the consignor of an outbound excise movement can do this; ${s.d.lrn} is the consignee's receipt.`;
    case 'preLodge':
      return `Declaration ${s.d.lrn} is not a pre-lodged declaration (additional declaration type ${s.addDeclType ?? 'none'}, not D).`;
  }
}

function check(label: string, rule: ActionRule, s: ActionSubject): string | undefined {
  const refusal = visibleRefusal(rule, { status: s.d.status, ead: s.ead, direction: s.d.direction, addDeclType: s.addDeclType });
  if (refusal && refusal !== 'status') return visibleReason(refusal, rule, s);
  for (const condition of rule.serverChecks ?? []) {
    const reason = SERVER_CHECKS[condition](s);
    if (reason) return reason;
  }
  if (refusal === 'status') return `${label} is not available in status ${s.d.status}; it is available in ${rule.statuses.join(', ')}.`;
  return undefined;
}

export interface DocumentAvailability {
  /** Which flow steps produce the document. */
  describe: string;
  supports(s: ActionSubject): boolean;
  /** Produced automatically when the declaration reaches this status (DeclarationPdfCreated follows). */
  automaticOn?: DeclarationStatus;
}

const importStep = (s: ActionSubject): boolean =>
  s.flow?.direction === 'IN' && !s.flow.excise && (s.step?.kind === 'declaration' || s.step?.kind === 'prelodge');
const exportStep = (s: ActionSubject): boolean => s.flow?.direction === 'OUT' && !s.flow.excise && s.step?.kind === 'declaration';
const toTurkey = (s: ActionSubject): boolean => exportStep(s) && s.d.shipTo === 'TR';

/** Which documents a flow step produces (sandbox default); the statuses are the table's Generate document row. */
export const DOCUMENT_AVAILABILITY: Readonly<Record<GenerateDocumentType, DocumentAvailability>> = {
  SAD: { describe: 'import steps (H1 Import, Import, Pre-lodge)', supports: importStep, automaticOn: 'Released' },
  EAD: { describe: 'export steps (Export)', supports: exportStep, automaticOn: 'Accepted' },
  TSAD: { describe: 'transit steps (the demo configuration has none, so always unsuccessful)', supports: () => false },
  ATR: { describe: 'export steps shipping to Turkey (shipTo TR)', supports: toTurkey },
  ATROnBlanco: { describe: 'export steps shipping to Turkey (shipTo TR)', supports: toTurkey },
};

export const isGenerateDocumentType = (v: string): v is GenerateDocumentType => (GENERATE_DOCUMENT_TYPES as readonly string[]).includes(v);

/** Why the action cannot run on the declaration now, or undefined when it can. */
export function refusalOf(action: DeclarationAction, s: ActionSubject, documentType?: GenerateDocumentType): string | undefined {
  const label = DECLARATION_ACTIONS[action].label;
  switch (action) {
    case 'generateSad':
    case 'generateDocument': {
      const type = action === 'generateSad' ? 'SAD' : documentType;
      if (!type) return 'No document type given.';
      const doc = DOCUMENT_AVAILABILITY[type];
      if (!doc.supports(s))
        return `The flow step ${s.d.customsFlow} / ${s.d.customsFlowStep} does not produce a ${type}; ${type} is produced by ${doc.describe}.`;
      const { statuses } = ACTION_AVAILABILITY[action];
      if (!statuses.some((st) => st === s.d.status))
        return `A ${type} cannot be generated in status ${s.d.status}; it can in ${statuses.join(', ')}.`;
      return undefined;
    }
    default:
      return check(label, actionRule(action, s.ead), s);
  }
}

/** The document the flow step produces automatically on reaching `status`, if any. */
export function automaticDocument(s: ActionSubject, status: string): GenerateDocumentType | undefined {
  return GENERATE_DOCUMENT_TYPES.find((t) => DOCUMENT_AVAILABILITY[t].automaticOn === status && DOCUMENT_AVAILABILITY[t].supports(s));
}

/** Documents the step has produced by the time the declaration is in `status` (seed data owes these). */
export function documentsProducedBy(s: ActionSubject): GenerateDocumentType[] {
  const order: readonly string[] = ['Submitted', 'Accepted', 'Released'] satisfies readonly DeclarationStatus[];
  const reached = order.indexOf(s.d.status);
  return GENERATE_DOCUMENT_TYPES.filter((t) => {
    const on = DOCUMENT_AVAILABILITY[t].automaticOn;
    return on !== undefined && reached >= 0 && reached >= order.indexOf(on) && DOCUMENT_AVAILABILITY[t].supports(s);
  });
}
