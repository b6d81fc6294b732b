import type { Declaration } from '../../../../contract/declarations';

/** What every action dialog gets from the menu. */
export interface ActionDialogProps {
  declaration: Declaration;
  /** After a 202 (with its body): the dialog is done; the outcome arrives later, or an approval first. */
  onAccepted: (answer: unknown) => void;
  onCancel: () => void;
  /** Start the dialog again (after its draft was discarded). */
  onRestart: () => void;
}

/** How a declaration is named in confirmations: the references a clerk recognises. */
export const declarationName = (d: Declaration): string =>
  [d.lrn && `LRN ${d.lrn}`, d.mrn && `MRN ${d.mrn}`, d.arc && `ARC ${d.arc}`].filter(Boolean).join(', ');
