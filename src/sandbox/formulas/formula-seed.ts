import type { Formula } from '../../contract/formulas.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';

const TENANT = 't-acc-001';

interface SeedVersion {
  referenceId: string;
  at: string;
  formula: Formula;
}

const chocolate = (activeFromDate: string, cocoa: number, documentReference: string): Formula => ({
  version: '1.0',
  itemId: 'FG-CHOC-500',
  documentReference,
  activeFromDate,
  quantity: 1000,
  uom: 'KGM',
  processingType: '1',
  storageLocationReference: 'NL-RTM-01',
  formulaLines: [
    { itemId: 'RM-COCOA-MASS', quantity: cocoa, uom: 'KGM' },
    { itemId: 'RM-SUGAR', quantity: 480 - cocoa + 200, uom: 'KGM' },
    { itemId: 'RM-MILK-POWDER', quantity: 320, uom: 'KGM' },
  ],
  secondaryProducts: [
    { itemId: 'SP-COCOA-SHELL', quantity: 12.5, uom: 'KGM', isWaste: true },
    { itemId: 'SP-COCOA-BUTTER', quantity: 8, uom: 'KGM', isWaste: false },
  ],
});

/** Demo formulas of tenant t-acc-001: one with three versions, one with a single version (fixed ids and times). */
const SEED: readonly SeedVersion[] = [
  {
    referenceId: 'f0a1c000-0000-4000-8000-000000000001',
    at: '2025-01-02T08:00:00.000Z',
    formula: chocolate('2025-01-01T00:00:00Z', 400, 'PO-2025-0001'),
  },
  {
    referenceId: 'f0a1c000-0000-4000-8000-000000000002',
    at: '2025-04-01T08:00:00.000Z',
    formula: chocolate('2025-04-01T00:00:00Z', 420, 'PO-2025-0417'),
  },
  {
    referenceId: 'f0a1c000-0000-4000-8000-000000000003',
    at: '2025-09-01T08:00:00.000Z',
    formula: chocolate('2025-09-01T00:00:00Z', 450, 'ECO-2025-0093'),
  },
  {
    referenceId: 'f0a1c000-0000-4000-8000-000000000004',
    at: '2025-03-10T09:30:00.000Z',
    formula: {
      version: '1.0',
      itemId: 'FG-ESPRESSO-BLEND',
      activeFromDate: '2025-03-10T00:00:00Z',
      quantity: 100,
      uom: 'KGM',
      processingType: '2',
      formulaLines: [
        { itemId: 'RM-ARABICA-GREEN', quantity: 70, uom: 'KGM' },
        { itemId: 'RM-ROBUSTA-GREEN', quantity: 48, uom: 'KGM' },
      ],
      secondaryProducts: [{ itemId: 'SP-CHAFF', quantity: 18, uom: 'KGM', isWaste: true }],
    },
  },
];

/** Stores the demo formulas directly (messages Processed in the ingest history, versions in order); publishes no events. */
export async function seedFormulas(tx: SandboxRepositories): Promise<void> {
  for (const s of SEED) {
    const { referenceId, at, formula } = s;
    await tx.ingestHistory.record({
      id: referenceId,
      referenceId,
      tenantId: TENANT,
      channel: 'https',
      messageType: 'Formula',
      format: 'json',
      businessReference: formula.itemId,
      receivedAt: at,
      body: formula,
    });
    await tx.formulas.addVersion(TENANT, referenceId, formula, at);
    await tx.ingestHistory.finish(referenceId, { outcome: 'Processed', outcomeDetail: 'CreationSuccessful', errors: [], at });
  }
}
