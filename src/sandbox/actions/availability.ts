import type { DeclarationAction } from '../../contract/declaration-actions.js';
import { DECLARATION_ACTIONS, GENERATE_DOCUMENT_TYPES } from '../../contract/declaration-actions.js';
import { EDITABLE_STATUSES } from '../../contract/declarations.js';
import type { DeclarationRecord } from '../store/declarations/declaration-record.js';
import { findFlowByName, findStep, type CustomsFlowConfig, type FlowStepConfig } from '../flows/flow-config.js';
import { exciseMovementOf, type ExciseMovement } from './excise-movement.js';

/**
 * THE availability table of the declaration actions (sandbox default; service-facts 1.2 says only
 * that availability depends on the status and that Goods Arrived is for pre-lodge declarations).
 * An action asked for outside its row still gets 202; its outcome is DeclarationActionFinished
 * `<Action>Unsuccessful` with the reason. Receipt Report is the exception the specification names:
 * its state conditions are a synchronous 400. README.md prints this table.
 */
export type GenerateDocumentType = (typeof GENERATE_DOCUMENT_TYPES)[number];

/** Statuses of an e-AD in which the movement counts as accepted (Alerted: an alert does not stop the movement). */
export const EMCS_OPEN_STATUSES = ['Accepted', 'Alerted'] as const;

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

interface Condition {
  /** For the README and the console: when the condition holds. */
  describe: string;
  /** The reason the condition fails, or undefined when it holds. */
  refuse(s: ActionSubject): string | undefined;
}

export interface Availability {
  statuses: readonly string[];
  conditions: readonly Condition[];
}

const isEad: Condition = { describe: 'an EMCS e-AD (has an ARC)', refuse: (s) => (s.ead ? undefined : `Declaration ${s.d.lrn} is not an EMCS e-AD (it has no ARC).`) };
const consignee: Condition = {
  describe: 'consignee side (inbound, Excise Receipt flow)',
  refuse: (s) => (s.d.direction === 'IN' ? undefined : `Only the consignee of an inbound excise movement can do this; ${s.d.lrn} is the consignor's dispatch.`),
};
const consignor: Condition = {
  describe: 'consignor side (outbound, Excise Dispatch flow)',
  refuse: (s) => (s.d.direction === 'OUT' ? undefined : `Only the consignor of an outbound excise movement can do this; ${s.d.lrn} is the consignee's receipt.`),
};
const nothingPending: Condition = {
  describe: 'no EMCS message awaiting an answer',
  refuse: (s) => {
    const p = s.movement.pendingMessage;
    return p ? `A ${p.message} (${p.action}) was already submitted for ARC ${s.d.arc ?? ''} and awaits a response from EMCS.` : undefined;
  },
};
const noReceiptReport: Condition = {
  describe: 'no receipt report yet',
  refuse: (s) => (s.movement.reportOfReceipt ? `A receipt report was already accepted for ARC ${s.d.arc ?? ''}.` : undefined),
};
const prelodge: Condition = {
  describe: 'pre-lodged (addDeclType D)',
  refuse: (s) => (s.addDeclType === 'D' ? undefined : `Declaration ${s.d.lrn} is not a pre-lodged declaration (additional declaration type ${s.addDeclType ?? 'none'}, not D).`),
};
const customsDeclaration: Condition = { describe: 'a customs declaration (no ARC)', refuse: (s) => (s.ead ? `Declaration ${s.d.lrn} is an e-AD; this rule is for customs declarations.` : undefined) };
const shortageOrExcess: Condition = {
  describe: 'the accepted receipt report noted a shortage or excess',
  refuse: (s) => (s.movement.reportOfReceipt?.shortageOrExcess ? undefined : `No shortage or excess was reported for ARC ${s.d.arc ?? ''}; a complementary explanation follows a receipt report with a shortage or excess.`),
};

/** The table. Invalidate has two rows (customs declaration, e-AD); `invalidateRule` picks one. */
export const ACTION_AVAILABILITY: Readonly<Record<Exclude<DeclarationAction, 'generateSad' | 'generateDocument' | 'invalidate'>, Availability>> & {
  invalidate: { customs: Availability; ead: Availability };
} = {
  // Invalid must be fixed first (a change or Validate moves it to Validated); a customs rejection may be resolved outside the document (e.g. the EORI registered), so CustomsError may be resubmitted as is.
  submit: { statuses: ['Validated', 'CustomsError'], conditions: [] },
  goodsArrived: { statuses: ['Validated', 'Invalid', 'Submitted', 'CustomsError', 'Accepted'], conditions: [prelodge] },
  validate: { statuses: EDITABLE_STATUSES, conditions: [] },
  invalidate: {
    customs: { statuses: ['Accepted', 'Released'], conditions: [customsDeclaration] },
    ead: { statuses: ['Accepted'], conditions: [isEad, consignor, nothingPending] },
  },
  receiptReport: { statuses: EMCS_OPEN_STATUSES, conditions: [isEad, consignee, nothingPending, noReceiptReport] },
  complementaryExplanation: { statuses: ['Delivered', 'Refused', 'PartiallyRefused'], conditions: [isEad, consignee, shortageOrExcess, nothingPending] },
  changeDestination: { statuses: ['Accepted'], conditions: [isEad, consignor, nothingPending] },
  rejectOrAlertEad: { statuses: EMCS_OPEN_STATUSES, conditions: [isEad, consignee, nothingPending, noReceiptReport] },
  delayForDelivery: { statuses: EMCS_OPEN_STATUSES, conditions: [isEad, nothingPending] },
};

export interface DocumentAvailability {
  statuses: readonly string[];
  /** Which flow steps produce the document. */
  describe: string;
  supports(s: ActionSubject): boolean;
  /** Produced automatically when the declaration reaches this status (DeclarationPdfCreated follows). */
  automaticOn?: string;
}

const importStep = (s: ActionSubject): boolean => s.flow?.direction === 'IN' && !s.flow.excise && (s.step?.kind === 'declaration' || s.step?.kind === 'prelodge');
const exportStep = (s: ActionSubject): boolean => s.flow?.direction === 'OUT' && !s.flow.excise && s.step?.kind === 'declaration';
const toTurkey = (s: ActionSubject): boolean => exportStep(s) && s.d.shipTo === 'TR';

/** Which documents a flow step produces, in which statuses (sandbox default). */
export const DOCUMENT_AVAILABILITY: Readonly<Record<GenerateDocumentType, DocumentAvailability>> = {
  SAD: { statuses: ['Accepted', 'Released'], describe: 'import steps (H1 Import, Import, Pre-lodge)', supports: importStep, automaticOn: 'Released' },
  EAD: { statuses: ['Accepted', 'Released'], describe: 'export steps (Export)', supports: exportStep, automaticOn: 'Accepted' },
  TSAD: { statuses: ['Accepted', 'Released'], describe: 'transit steps (the demo configuration has none, so always unsuccessful)', supports: () => false },
  ATR: { statuses: ['Accepted', 'Released'], describe: 'export steps shipping to Turkey (shipTo TR)', supports: toTurkey },
  ATROnBlanco: { statuses: ['Accepted', 'Released'], describe: 'export steps shipping to Turkey (shipTo TR)', supports: toTurkey },
};

export const isGenerateDocumentType = (v: string): v is GenerateDocumentType => (GENERATE_DOCUMENT_TYPES as readonly string[]).includes(v);

function check(label: string, rule: Availability, s: ActionSubject): string | undefined {
  for (const c of rule.conditions) {
    const reason = c.refuse(s);
    if (reason) return reason;
  }
  if (!rule.statuses.includes(s.d.status)) return `${label} is not available in status ${s.d.status}; it is available in ${rule.statuses.join(', ')}.`;
  return undefined;
}

export function invalidateRule(s: ActionSubject): Availability {
  return s.ead ? ACTION_AVAILABILITY.invalidate.ead : ACTION_AVAILABILITY.invalidate.customs;
}

/** Why the action cannot run on the declaration now, or undefined when it can. */
export function refusalOf(action: DeclarationAction, s: ActionSubject, documentType?: GenerateDocumentType): string | undefined {
  const label = DECLARATION_ACTIONS[action].label;
  switch (action) {
    case 'generateSad':
    case 'generateDocument': {
      const type = action === 'generateSad' ? 'SAD' : documentType;
      if (!type) return 'No document type given.';
      const doc = DOCUMENT_AVAILABILITY[type];
      if (!doc.supports(s)) return `The flow step ${s.d.customsFlow} / ${s.d.customsFlowStep} does not produce a ${type}; ${type} is produced by ${doc.describe}.`;
      if (!doc.statuses.includes(s.d.status)) return `A ${type} cannot be generated in status ${s.d.status}; it can in ${doc.statuses.join(', ')}.`;
      return undefined;
    }
    case 'invalidate':
      return check(label, invalidateRule(s), s);
    default:
      return check(label, ACTION_AVAILABILITY[action], s);
  }
}

/** The document the flow step produces automatically on reaching `status`, if any. */
export function automaticDocument(s: ActionSubject, status: string): GenerateDocumentType | undefined {
  return GENERATE_DOCUMENT_TYPES.find((t) => DOCUMENT_AVAILABILITY[t].automaticOn === status && DOCUMENT_AVAILABILITY[t].supports(s));
}

/** Documents the step has produced by the time the declaration is in `status` (seed data owes these). */
export function documentsProducedBy(s: ActionSubject): GenerateDocumentType[] {
  const order = ['Submitted', 'Accepted', 'Released'];
  const reached = order.indexOf(s.d.status);
  return GENERATE_DOCUMENT_TYPES.filter((t) => {
    const on = DOCUMENT_AVAILABILITY[t].automaticOn;
    return on !== undefined && reached >= 0 && reached >= order.indexOf(on) && DOCUMENT_AVAILABILITY[t].supports(s);
  });
}
