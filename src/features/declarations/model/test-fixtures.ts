import type { DeclarationSummary } from '../../../contract/declarations';

/** A declaration summary as the search returns it, for unit tests of this feature. */
export const summaryFixture = (overrides: Partial<DeclarationSummary> = {}): DeclarationSummary => ({
  declarationId: 'd-1',
  currentStatus: 'Invalid',
  mrn: null,
  lrn: 'CAS26GB000000001',
  arc: null,
  ucr: null,
  externalReference: 'PO-1',
  direction: 'IN',
  customsFlow: 'GB Import',
  customsFlowStep: 'H1 Import',
  jurisdiction: 'GB',
  storageLocation: null,
  shipFrom: null,
  shipTo: null,
  hasErrors: true,
  declarationDate: null,
  creationDate: '2026-01-01T00:00:00Z',
  lastUpdated: '2026-01-01T00:00:00Z',
  ...overrides,
});
