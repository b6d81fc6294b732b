import { DECLARATION_ACTIONS, DECLARATION_ACTION_NAMES } from './declaration-actions.js';

/**
 * THE wording of the service's events for people ("Validation failed for LRN 24GB…" instead of
 * "DeclarationActionFinished: ValidateUnsuccessful"): toasts and anywhere an event is told.
 * Events name declarations by their LRN (the MRN, or "a declaration", when the event has none).
 */

export type EventTone = 'success' | 'failure' | 'info';

export interface EventWords {
  /** One line: what happened, to what. */
  title: string;
  tone: EventTone;
}

/** What an event is worded from; `data` as the service sent it. */
export interface WordedEvent {
  eventType: string;
  eventSubType?: string | null;
  data: Readonly<Record<string, unknown>>;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** camelCase or PascalCase → "Words like these". */
const words = (name: string): string => {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** "LRN 24GB…", else "MRN …", else "a declaration". */
export function declarationNameOf(data: Readonly<Record<string, unknown>>): string {
  const lrn = text(data['lrn']);
  if (lrn) return `LRN ${lrn}`;
  const mrn = text(data['mrn']);
  return mrn ? `MRN ${mrn}` : 'a declaration';
}

/** A status reached, told as what it means for the declaration. */
const STATUS_WORDS: Readonly<Record<string, (name: string) => string>> = {
  Validated: (d) => `Validation passed for ${d}`,
  Invalid: (d) => `Validation failed for ${d}`,
  Submitted: (d) => `Declaration ${d} submitted to customs`,
  CustomsError: (d) => `Customs rejected ${d}`,
  Accepted: (d) => `Customs accepted ${d}`,
  Released: (d) => `Customs released the goods of ${d}`,
  ExitConfirmed: (d) => `Exit confirmed for ${d}`,
  InvalidationRequested: (d) => `Invalidation requested for ${d}`,
  Invalidated: (d) => `Declaration ${d} invalidated`,
  Delivered: (d) => `Receipt reported for ${d}`,
  Rejected: (d) => `The consignee rejected ${d}`,
  Cancelled: (d) => `Declaration ${d} cancelled`,
};

/** Action outcomes worded better than "<action> done / failed". */
const ACTION_WORDS: Readonly<Record<string, { success: (d: string) => string; failure: (d: string) => string }>> = {
  validate: { success: (d) => `Validation passed for ${d}`, failure: (d) => `Validation failed for ${d}` },
  submit: { success: (d) => `Declaration ${d} submitted`, failure: (d) => `Submission failed for ${d}` },
};

/** `ValidateUnsuccessful` → the action validate, failed. */
function actionOutcome(subType: string): { label: string; action: string | undefined; ok: boolean } | undefined {
  const m = /^(.+?)(Successful|Unsuccessful)$/.exec(subType);
  if (!m?.[1]) return undefined;
  const pascal = m[1];
  const action = DECLARATION_ACTION_NAMES.find((a) => a.toLowerCase() === pascal.toLowerCase());
  return { label: action ? DECLARATION_ACTIONS[action].label : words(pascal), action, ok: m[2] === 'Successful' };
}

/** The words for one event. */
export function eventWords(event: WordedEvent): EventWords {
  const sub = event.eventSubType ?? '';
  const d = declarationNameOf(event.data);
  switch (event.eventType) {
    case 'DeclarationStatusChanged': {
      const status = text(event.data['currentStatus']) ?? sub;
      const tone: EventTone = /Invalid$|Error|Rejected|Refused|Unsuccessful/.test(status) ? 'failure' : 'info';
      const told = STATUS_WORDS[status];
      return { title: told ? told(d) : `Declaration ${d} is now ${words(status || 'changed')}`, tone };
    }
    case 'DeclarationActionFinished': {
      const outcome = actionOutcome(sub);
      if (!outcome) return { title: `${sub ? words(sub) : 'An action finished'} for ${d}`, tone: 'info' };
      const special = outcome.action ? ACTION_WORDS[outcome.action] : undefined;
      if (special) return { title: outcome.ok ? special.success(d) : special.failure(d), tone: outcome.ok ? 'success' : 'failure' };
      return { title: `${outcome.label} ${outcome.ok ? 'done' : 'failed'} for ${d}`, tone: outcome.ok ? 'success' : 'failure' };
    }
    case 'DeclarationPdfCreated':
      return { title: `Document created for ${d}`, tone: 'info' };
    case 'CoOPDFCreated':
      return { title: `Certificate of origin created for ${d}`, tone: 'info' };
    case 'CustomsShipmentInformation': {
      const shipment = text(event.data['businessReference']) ?? text(event.data['traderReference']);
      const name = shipment ? `The customs shipment ${shipment}` : 'A customs shipment';
      if (sub === 'CreationUnsuccessful') return { title: `${name} was not accepted`, tone: 'failure' };
      if (sub === 'ReplaceUnsuccessful') return { title: `${name} was not replaced`, tone: 'failure' };
      if (sub === 'ReplaceSuccessful') return { title: `${name} was replaced`, tone: 'success' };
      return { title: `${name}: ${sub ? words(sub).toLowerCase() : 'news'}`, tone: 'info' };
    }
    default: {
      const outcome = actionOutcome(sub);
      const what = `${words(event.eventType)}${sub ? `: ${words(sub).toLowerCase()}` : ''}`;
      return { title: what, tone: outcome ? (outcome.ok ? 'success' : 'failure') : 'info' };
    }
  }
}
