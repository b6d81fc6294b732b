import type { Direction } from '../../contract/customs-shipment.js';

/**
 * Demo configuration of customs flows (INFERENCE, docs/service-facts.md 1.3: flows and steps are
 * configured per tenant in the vendor's UI; these names are invented for the sandbox).
 * Every tenant of the sandbox uses this one configuration.
 */

/** What the simulated customs authority does after acceptance (README, "Customs simulation"). */
export type StepKind =
  /** Accepted, then Released. */
  | 'declaration'
  /** Pre-lodge (addDeclType D): Accepted, then waits for Goods Arrived before Released. */
  | 'prelodge'
  /** Exit of an export: Accepted, then ExitConfirmed. */
  | 'exit'
  /** Excise e-AD: Accepted with an ARC, then waits for the receipt report. */
  | 'excise';

export interface FlowStepConfig {
  name: string;
  kind: StepKind;
  /** Submitted to customs automatically when the flow reaches the step and validation passes; otherwise waits in Validated. */
  autoSubmit: boolean;
  /** Step whose declaration is created when this step's declaration is Released (export then exit). */
  next?: string;
}

export interface CustomsFlowConfig {
  name: string;
  direction: Direction;
  jurisdiction: string;
  excise: boolean;
  steps: readonly FlowStepConfig[];
}

/** Jurisdictions with configured flows. */
export const FLOW_JURISDICTIONS = ['GB', 'NL', 'BE', 'DE', 'FR', 'IE'] as const;

/** Used when neither the office code nor the storage location names a configured jurisdiction. */
export const DEFAULT_JURISDICTION = 'GB';

const step = (name: string, kind: StepKind, autoSubmit: boolean, next?: string): FlowStepConfig => ({
  name,
  kind,
  autoSubmit,
  ...(next ? { next } : {}),
});

const excise = (j: string): CustomsFlowConfig[] => [
  { name: `${j} Excise Dispatch`, direction: 'OUT', jurisdiction: j, excise: true, steps: [step('e-AD', 'excise', true)] },
  { name: `${j} Excise Receipt`, direction: 'IN', jurisdiction: j, excise: true, steps: [step('e-AD Receipt', 'excise', true)] },
];

export const CUSTOMS_FLOWS: readonly CustomsFlowConfig[] = [
  {
    name: 'GB Import',
    direction: 'IN',
    jurisdiction: 'GB',
    excise: false,
    steps: [step('H1 Import', 'declaration', true), step('Pre-lodge', 'prelodge', true)],
  },
  {
    name: 'GB Export',
    direction: 'OUT',
    jurisdiction: 'GB',
    excise: false,
    steps: [step('Export', 'declaration', true, 'Exit'), step('Exit', 'exit', true)],
  },
  { name: 'NL Import', direction: 'IN', jurisdiction: 'NL', excise: false, steps: [step('Import', 'declaration', false)] },
  { name: 'NL Export', direction: 'OUT', jurisdiction: 'NL', excise: false, steps: [step('Export', 'declaration', true)] },
  { name: 'BE Import', direction: 'IN', jurisdiction: 'BE', excise: false, steps: [step('Import', 'declaration', true)] },
  {
    name: 'BE Export',
    direction: 'OUT',
    jurisdiction: 'BE',
    excise: false,
    steps: [step('Export', 'declaration', true, 'Exit'), step('Exit', 'exit', true)],
  },
  { name: 'DE Import', direction: 'IN', jurisdiction: 'DE', excise: false, steps: [step('Import', 'declaration', false)] },
  { name: 'DE Export', direction: 'OUT', jurisdiction: 'DE', excise: false, steps: [step('Export', 'declaration', true)] },
  { name: 'FR Import', direction: 'IN', jurisdiction: 'FR', excise: false, steps: [step('Import', 'declaration', true)] },
  { name: 'FR Export', direction: 'OUT', jurisdiction: 'FR', excise: false, steps: [step('Export', 'declaration', true)] },
  {
    name: 'IE Import',
    direction: 'IN',
    jurisdiction: 'IE',
    excise: false,
    steps: [step('Import', 'declaration', true), step('Pre-lodge', 'prelodge', true)],
  },
  { name: 'IE Export', direction: 'OUT', jurisdiction: 'IE', excise: false, steps: [step('Export', 'declaration', true)] },
  ...FLOW_JURISDICTIONS.flatMap(excise),
];

/** Office code country to jurisdiction (XI, Northern Ireland, is declared in the GB flows). */
export function officeJurisdiction(officeCode: string): string {
  const country = officeCode.slice(0, 2).toUpperCase();
  return country === 'XI' ? 'GB' : country;
}

export function findFlow(direction: Direction, jurisdiction: string, isExcise: boolean): CustomsFlowConfig | undefined {
  return CUSTOMS_FLOWS.find((f) => f.direction === direction && f.jurisdiction === jurisdiction && f.excise === isExcise);
}

export function findFlowByName(name: string): CustomsFlowConfig | undefined {
  return CUSTOMS_FLOWS.find((f) => f.name === name);
}

export function findStep(flowName: string, stepName: string): FlowStepConfig | undefined {
  return findFlowByName(flowName)?.steps.find((s) => s.name === stepName);
}

/** The step a shipment enters: Pre-lodge for addDeclType D where the flow has one, otherwise the first non-pre-lodge step. */
export function entryStep(flow: CustomsFlowConfig, addDeclType: string | null | undefined): FlowStepConfig {
  const prelodge = flow.steps.find((s) => s.kind === 'prelodge');
  if (prelodge && addDeclType?.toUpperCase() === 'D') return prelodge;
  const first = flow.steps.find((s) => s.kind !== 'prelodge' && s.kind !== 'exit') ?? flow.steps[0];
  if (!first) throw new Error(`flow ${flow.name} has no steps`);
  return first;
}
