import {
  MOVEMENT_ERROR_CODES,
  movementRuleErrors,
  type Movement,
  type MovementOrderStatus,
  type MovementValidationError,
} from '../../contract/movement-orders.js';
import { movementOrderId } from '../store/movement-orders/movement-order-repository.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { movementMessageHead } from './movement-message-head.js';

const TENANT = 't-acc-001';

interface SeedOrder {
  /** Fixed ingestion referenceId; the order id is `{referenceId}-1`. */
  referenceId: string;
  at: string;
  status: MovementOrderStatus;
  movement: Movement;
  errors?: MovementValidationError[];
}

const ref = (n: number): string => `5eed0000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

const invalidRelease: Movement = {
  timestamp: '2025-10-02T10:00:00Z',
  externalReference: 'WMS-RFFC-0007',
  movementType: 'RFFC',
  customsDestination: 'Home',
  movementLines: [
    {
      itemId: 'FG-CHOC-500',
      direction: 'Out',
      quantity: 0,
      uom: 'KGM',
      storageLocationReference: 'NL-RTM-01',
      preferentialOriginCountry: 'XX',
    },
  ],
};

/**
 * Demo movement orders of tenant t-acc-001, one or more in every status and together every
 * movement type. They are fixed snapshots: no jobs are queued for them and no events published.
 */
const SEED: readonly SeedOrder[] = [
  {
    referenceId: ref(1),
    at: '2025-10-01T08:00:00.000Z',
    status: 'Submitted',
    movement: {
      timestamp: '2025-10-01T07:55:00Z',
      externalReference: 'WMS-PROC-0001',
      movementType: 'PROC',
      documentReference: 'PRD-2025-1001',
      movementLines: [
        {
          itemId: 'FG-CHOC-500',
          itemDescription: 'Milk chocolate 500 g',
          direction: 'In',
          quantity: 1000,
          uom: 'KGM',
          storageLocationReference: 'NL-RTM-01',
        },
        {
          itemId: 'RM-COCOA-MASS',
          direction: 'Out',
          quantity: 450,
          uom: 'KGM',
          storageLocationReference: 'NL-RTM-01',
          nonPreferentialOriginCountry: 'CI',
        },
      ],
    },
  },
  {
    referenceId: ref(2),
    at: '2025-10-01T09:00:00.000Z',
    status: 'Valid',
    movement: {
      timestamp: '2025-10-01T08:45:00Z',
      externalReference: 'WMS-UFOH-0002',
      movementType: 'UFOH',
      externalMovementType: 'REPACK',
      movementLines: [
        { itemId: 'RM-ARABICA-GREEN', direction: 'Transfer', quantity: 250, uom: 'KGM', storageLocationReference: 'NL-RTM-01' },
      ],
    },
  },
  {
    referenceId: ref(3),
    at: '2025-10-02T10:00:00.000Z',
    status: 'Invalid',
    movement: invalidRelease,
    errors: movementRuleErrors(invalidRelease),
  },
  {
    referenceId: ref(4),
    at: '2025-10-02T11:00:00.000Z',
    status: 'MissingDensity',
    movement: {
      timestamp: '2025-10-02T10:50:00Z',
      externalReference: 'TW-ADJP-0004',
      movementType: 'ADJP',
      category: 'ReceivedUnderSuspension',
      remark: 'Arrival of e-AD 25NLI5L3P4QM8W2K0R1T7',
      adjustmentData: { administrativeReferenceCode: '25NLI5L3P4QM8W2K0R1T7', arcSequenceNumber: 1 },
      movementLines: [
        {
          itemId: 'GASOIL-10PPM',
          direction: 'In',
          quantity: 30000,
          uom: 'LTR',
          exciseProductCode: 'E430',
          authorizationId: 'NL00000123ABC',
          storageLocationReference: 'TANK-07',
        },
      ],
    },
  },
  {
    referenceId: ref(5),
    at: '2025-10-03T08:00:00.000Z',
    status: 'Processed',
    movement: {
      timestamp: '2025-10-03T07:30:00Z',
      externalReference: 'TW-TRFA-0005',
      movementType: 'TRFA',
      movementLines: [
        {
          itemId: 'WHISKY-12Y',
          direction: 'Transfer',
          quantity: 1200,
          uom: 'LTR',
          exciseProductCode: 'S200',
          asv: 40,
          authorizationId: 'NL00000123ABC',
          storageLocationReference: 'BOND-A',
          receivingAuthorizationId: 'NL00000456DEF',
          receivingStorageLocationReference: 'BOND-B',
          quantities: [{ quantity: 480, uom: 'LPA' }],
        },
      ],
    },
  },
  {
    referenceId: ref(6),
    at: '2025-10-03T09:00:00.000Z',
    status: 'ProcessingError',
    movement: {
      timestamp: '2025-10-03T08:40:00Z',
      externalReference: 'WMS-DCSV-FAIL-0006',
      movementType: 'DCSV',
      remark: 'Destroyed under supervision, report 2025-77',
      movementLines: [{ itemId: 'RM-SUGAR', direction: 'Out', quantity: 35, uom: 'KGM', storageLocationReference: 'NL-RTM-01' }],
    },
    errors: [
      {
        errorCode: MOVEMENT_ERROR_CODES.processing,
        errorMessage: 'The stock movement could not be booked (sandbox: externalReference contains FAIL).',
      },
    ],
  },
  {
    referenceId: ref(7),
    at: '2025-10-04T08:00:00.000Z',
    status: 'Invalidating',
    movement: {
      timestamp: '2025-10-04T07:00:00Z',
      externalReference: 'TW-TRFR-0007',
      movementType: 'TRFR',
      movementLines: [
        {
          itemId: 'BEER-LAGER',
          direction: 'Transfer',
          quantity: 5000,
          uom: 'LTR',
          exciseProductCode: 'B000',
          asv: 5,
          authorizationId: 'NL00000123ABC',
          storageLocationReference: 'CELLAR-1',
          receivingStorageLocationReference: 'CELLAR-2',
        },
      ],
    },
  },
  {
    referenceId: ref(8),
    at: '2025-10-04T09:00:00.000Z',
    status: 'Invalidated',
    movement: {
      timestamp: '2025-10-04T08:30:00Z',
      externalReference: 'TW-ADJN-0008',
      movementType: 'ADJN',
      category: 'Export',
      customsDestination: 'HomeUse',
      adjustmentData: { docRefNum: '25NL000000012345A1' },
      writeOffRules: [{ customsStatus: 'Bonded' }],
      movementLines: [
        {
          itemId: 'WINE-RED-075',
          direction: 'Out',
          quantity: 900,
          uom: 'LTR',
          exciseProductCode: 'W200',
          asv: 13.5,
          authorizationId: 'NL00000123ABC',
          storageLocationReference: 'BOND-A',
        },
      ],
    },
  },
  {
    referenceId: ref(9),
    at: '2025-10-05T08:00:00.000Z',
    status: 'InvalidationRejected',
    movement: {
      timestamp: '2025-10-05T07:45:00Z',
      externalReference: 'WMS-RFFC-REJECT-0009',
      movementType: 'RFFC',
      customsDestination: 'PartialHomeUse',
      writeOffRules: [
        { customsStatus: 'Bonded', isOfPreferentialOrigin: true, preferentialOriginCountry: 'ZA', inboundDocRefNum: '25NL000000098765B2' },
        { customsStatus: 'Bonded', isOfPreferentialOrigin: false, nonPreferentialOriginCountry: 'BR' },
      ],
      movementLines: [{ itemId: 'RM-ARABICA-GREEN', direction: 'Out', quantity: 600, uom: 'KGM', storageLocationReference: 'NL-RTM-01' }],
    },
    errors: [
      {
        errorCode: MOVEMENT_ERROR_CODES.invalidation,
        errorMessage:
          'The invalidation was rejected: stock of this movement was already used (sandbox: externalReference contains REJECT).',
      },
    ],
  },
  {
    referenceId: ref(10),
    at: '2025-10-05T09:00:00.000Z',
    status: 'Processed',
    movement: {
      timestamp: '2025-10-05T08:30:00Z',
      externalReference: 'TW-TRFB-0010',
      movementType: 'TRFB',
      movementLines: [
        {
          itemId: 'GASOIL-10PPM',
          direction: 'Transfer',
          quantity: 20000,
          uom: 'LTR',
          exciseProductCode: 'E430',
          authorizationId: 'NL00000123ABC',
          storageLocationReference: 'TANK-07',
          quantities: [{ quantity: 16800, uom: 'KGM' }],
          blendResult: { itemId: 'GASOIL-B7', quantity: 21500, uom: 'LTR', exciseProductCode: 'E430' },
        },
        {
          itemId: 'FAME-B100',
          direction: 'Transfer',
          quantity: 1500,
          uom: 'LTR',
          exciseProductCode: 'E910',
          authorizationId: 'NL00000123ABC',
          storageLocationReference: 'TANK-09',
          quantities: [{ quantity: 1320, uom: 'KGM' }],
        },
      ],
    },
  },
];

/** Stores the demo orders directly in their status, each message in the ingest history with its validation outcome; publishes no events and queues no jobs. */
export async function seedMovementOrders(tx: SandboxRepositories): Promise<void> {
  for (const s of SEED) {
    const { referenceId, at, movement, status } = s;
    const id = movementOrderId(referenceId, 1);
    await tx.ingestHistory.record({
      id: referenceId,
      referenceId,
      tenantId: TENANT,
      channel: 'https',
      messageType: 'MovementOrder',
      format: 'json',
      businessReference: movement.externalReference,
      receivedAt: at,
      movementOrderIds: [id],
      body: movementMessageHead({ version: '1.0', deprecatedPath: false }),
    });
    await tx.movementOrders.insertOrders({ referenceId, tenantId: TENANT, movements: [movement], at });
    await tx.movementOrders.setStatus(id, status, s.errors ?? [], at);
    if (status === 'Submitted') continue;
    const invalid =
      status === 'Invalid' ? (s.errors ?? []).map((e) => `${movement.externalReference}: ${e.errorCode} ${e.errorMessage}`) : [];
    await tx.ingestHistory.finish(
      referenceId,
      invalid.length
        ? { outcome: 'Unsuccessful', outcomeDetail: 'Invalid', errors: invalid, at }
        : { outcome: 'Processed', outcomeDetail: 'Valid', errors: [], at },
    );
  }
}
