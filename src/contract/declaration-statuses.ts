/**
 * THE declaration status table: every status the sandbox can produce, what it means, the badge
 * tone the console shows it in, and whether the declaration (header and goods items) may be
 * changed in it. The service's status is an open string (specification, Resources: Declaration;
 * docs/service-facts.md 1.1 lists about 40 names, cut off after InProgress): a status outside this table
 * is still valid in a response; the console shows it neutrally.
 *
 * `source` cites where the name and meaning come from: "spec" is the interface specification,
 * "facts x.y" a section of docs/service-facts.md, "sandbox" a name the sandbox had to invent.
 * `editable`: goods item management "is allowed only before sending to customs or after rejection
 * by customs" (specification, States and transitions: Declaration; docs/service-facts.md 1.2).
 * `tone`: a colour name of the console's palette (colour is never the only signal: the badge
 * always shows the name).
 */
export const DECLARATION_STATUS_TABLE = [
  // Customs flow (specification, States and transitions; docs/service-facts.md 1.2 proposed machine)
  {
    status: 'Validated',
    tone: 'blue',
    editable: true,
    source: 'sandbox (facts 1.2: "awaiting Submit, name not confirmed")',
    meaning: 'Passed validation and waits for someone to submit it to customs.',
  },
  {
    status: 'Invalid',
    tone: 'orange',
    editable: true,
    source: 'spec; facts 1.1',
    meaning: 'Failed the service’s validation. Fix the errors; the service validates again after each change.',
  },
  {
    status: 'Submitted',
    tone: 'indigo',
    editable: false,
    source: 'facts 1.1 (ReplaceUnsuccessful example)',
    meaning: 'Sent to customs; waiting for their response.',
  },
  {
    status: 'CustomsError',
    tone: 'red',
    editable: true,
    source: 'spec; facts 1.1',
    meaning: 'Customs rejected it. Correct the errors they returned and submit again.',
  },
  {
    status: 'Accepted',
    tone: 'teal',
    editable: false,
    source: 'spec; facts 1.1',
    meaning: 'Accepted by customs (it has an MRN or ARC); release, arrival or receipt may still follow.',
  },
  {
    status: 'Released',
    tone: 'green',
    editable: false,
    source: 'spec; facts 1.1',
    meaning: 'Customs released the goods. Nothing more to do.',
  },
  {
    status: 'ExitConfirmed',
    tone: 'green',
    editable: false,
    source: 'facts 1.1',
    meaning: 'Customs confirmed the goods left the customs territory.',
  },
  {
    status: 'InvalidationRequested',
    tone: 'grape',
    editable: false,
    source: 'sandbox (facts 1.2: "invalidation pending, name not confirmed")',
    meaning: 'Invalidation was asked of customs; waiting for their decision.',
  },
  {
    status: 'Invalidated',
    tone: 'gray',
    editable: false,
    source: 'sandbox (facts 1.2: "invalidated, name not confirmed")',
    meaning: 'Customs invalidated the declaration. It no longer counts.',
  },
  // Excise (EMCS) movements
  {
    status: 'Alerted',
    tone: 'yellow',
    editable: false,
    source: 'facts 1.1',
    meaning: 'The consignee raised an alert on the e-AD; a receipt report or rejection still follows.',
  },
  {
    status: 'Rejected',
    tone: 'red',
    editable: false,
    source: 'facts 6.6 (EMCS)',
    meaning: 'The consignee rejected the e-AD before the goods arrived.',
  },
  {
    status: 'Delivered',
    tone: 'green',
    editable: false,
    source: 'facts 1.1; 6.6',
    meaning: 'The consignee reported receipt; the movement is closed (a shortage or excess may have been noted).',
  },
  {
    status: 'Refused',
    tone: 'red',
    editable: false,
    source: 'facts 6.6 (EMCS)',
    meaning: 'The consignee refused the goods in the receipt report.',
  },
  {
    status: 'PartiallyRefused',
    tone: 'orange',
    editable: false,
    source: 'facts 6.6 (EMCS)',
    meaning: 'The consignee refused part of the goods in the receipt report.',
  },
  {
    status: 'Cancelled',
    tone: 'gray',
    editable: false,
    source: 'facts 1.1; 6.6',
    meaning: 'The consignor cancelled the e-AD before the movement began.',
  },
  {
    status: 'ChangingDestination',
    tone: 'indigo',
    editable: false,
    source: 'facts 1.1',
    meaning: 'A change of destination was sent; waiting for EMCS to accept it.',
  },
  {
    status: 'Diverted',
    tone: 'gray',
    editable: false,
    source: 'facts 1.1; 6.6',
    meaning: 'The destination was changed: the movement continues in a new declaration with the same ARC.',
  },
] as const satisfies readonly { status: string; tone: string; editable: boolean; source: string; meaning: string }[];

export type DeclarationStatus = (typeof DECLARATION_STATUS_TABLE)[number]['status'];
export type DeclarationStatusInfo = (typeof DECLARATION_STATUS_TABLE)[number];

export const DECLARATION_STATUSES: readonly DeclarationStatus[] = DECLARATION_STATUS_TABLE.map((s) => s.status);

/** Statuses in which a declaration (header and goods items) can be changed. */
export const EDITABLE_STATUSES: readonly DeclarationStatus[] = DECLARATION_STATUS_TABLE.filter((s) => s.editable).map((s) => s.status);

/** The row of a status, or undefined for a status the service reports that the sandbox never produces. */
export const statusInfo = (status: string): DeclarationStatusInfo | undefined => DECLARATION_STATUS_TABLE.find((s) => s.status === status);

export const isEditableStatus = (status: string): boolean => statusInfo(status)?.editable === true;
