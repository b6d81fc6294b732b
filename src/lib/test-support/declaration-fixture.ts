import { declarationSchema, type Declaration, type DeclarationSummary } from '../../contract/declarations';

/** A Validated NL import as the service's search lists it, for unit tests; `extra` replaces any field. */
export const declarationSummaryFixture = (extra: Partial<DeclarationSummary> = {}): DeclarationSummary => ({
  declarationId: 'd-1',
  currentStatus: 'Validated',
  mrn: null,
  lrn: 'LRN-1',
  arc: null,
  ucr: null,
  externalReference: 'X-1',
  direction: 'IN',
  customsFlow: 'NL Import',
  customsFlowStep: 'Import',
  jurisdiction: 'NL',
  storageLocation: null,
  shipFrom: null,
  shipTo: null,
  hasErrors: false,
  declarationDate: null,
  creationDate: '2026-11-27T10:00:00Z',
  lastUpdated: '2026-11-27T10:00:00Z',
  ...extra,
});

/** The same declaration as the service returns it read alone, for unit tests; `extra` replaces any field. */
export const declarationFixture = (extra: Record<string, unknown> = {}): Declaration =>
  declarationSchema.parse({
    ...declarationSummaryFixture(),
    customsShipmentReference: 'cs-1',
    customsFlowStepInstanceCount: 1,
    customsFlowStepInstanceSeq: 1,
    ...extra,
  });
