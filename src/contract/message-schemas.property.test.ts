import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customsShipmentSchema, DIRECTIONS, MESSAGE_TYPES } from './customs-shipment.js';
import { eventEnvelopeSchema } from './events.js';
import { formulaMessageSchema } from './formulas.js';
import { materialListInvalidationSchema, materialListSchema } from './master-data-messages.js';
import { movementIngestSchema } from './movement-orders.js';
import { problemSchema } from './problem.js';
import { DESTINATION_TYPE, subscriptionCreateSchema } from './subscriptions.js';

/**
 * Property-based checks (issue 11) of the contract schemas every ingestion body and subscription
 * passes: generated valid bodies are accepted and survive a JSON round trip unchanged; random
 * junk is refused without throwing.
 */
const text = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);

const goodsItem = fc.record(
  {
    casReference: text(10),
    commodity: fc.record(
      { description: fc.string({ maxLength: 40 }), classification: fc.record({ id: fc.stringMatching(/^\d{8}$/) }) },
      { requiredKeys: [] },
    ),
    goodsMeasure: fc.record({ gmass: fc.double({ min: 0, max: 1e6, noNaN: true }), nmass: fc.double({ min: 0, max: 1e6, noNaN: true }) }),
    customsValue: fc.record({ amount: fc.integer({ min: 0, max: 1e9 }), currency: fc.constantFrom('EUR', 'GBP', 'USD') }),
  },
  { requiredKeys: ['casReference'] },
);

const shipment = fc.record({
  externalReference: text(255).map((s) => s.trim()),
  direction: fc.constantFrom(...DIRECTIONS),
  messageType: fc.constantFrom(...MESSAGE_TYPES),
  storageLocationReference: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  singleAdministrativeDocument: fc.record({
    declType: fc.constantFrom('IM', 'EX', 'CO'),
    goodsShipment: fc.record({ governmentAgencyGoodsItems: fc.array(goodsItem, { maxLength: 5 }) }),
  }),
});

const subscription = fc.record({
  eventType: fc.constantFrom('DeclarationStatusChanged', 'DeclarationPdfCreated', 'IngestionFailed'),
  eventSubType: fc.option(
    text(20).map((s) => s.trim()),
    { nil: undefined },
  ),
  subscriptionDestination: fc.constant({ destinationType: DESTINATION_TYPE }),
  destinationDescription: fc.record({ destinationUrl: fc.webUrl({ validSchemes: ['https'] }).filter((u) => u.length <= 2048) }),
});

function roundTrips<T>(schema: z.ZodType<T>, value: unknown): void {
  const parsed = schema.safeParse(value);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  if (!parsed.success) return;
  const again = schema.safeParse(JSON.parse(JSON.stringify(parsed.data)));
  expect(again.success).toBe(true);
  expect(again.data).toEqual(parsed.data);
}

describe('contract schemas accept what is valid', () => {
  it('customs shipments', () => {
    fc.assert(
      fc.property(shipment, (s) => {
        roundTrips(customsShipmentSchema, s);
      }),
    );
  });

  it('subscriptions with https destinations', () => {
    fc.assert(
      fc.property(subscription, (s) => {
        roundTrips(subscriptionCreateSchema, s);
      }),
    );
  });
});

const SCHEMAS: [string, z.ZodType][] = [
  ['customs shipment', customsShipmentSchema],
  ['subscription', subscriptionCreateSchema],
  ['formula', formulaMessageSchema],
  ['material list', materialListSchema],
  ['material list invalidation', materialListInvalidationSchema],
  ['movement order', movementIngestSchema],
  ['event envelope', eventEnvelopeSchema],
  ['problem', problemSchema],
];

describe('contract schemas refuse junk without throwing', () => {
  it.each(SCHEMAS)('%s', (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (junk) => {
        const result = schema.safeParse(junk);
        if (typeof junk !== 'object' || junk === null || Array.isArray(junk)) expect(result.success).toBe(false);
      }),
    );
  });

  it('a valid shipment with one required field broken is refused', () => {
    fc.assert(
      fc.property(
        shipment,
        fc.constantFrom('externalReference', 'direction'),
        fc.oneof(fc.constant(null), fc.integer(), fc.constant(''), fc.constant('  ')),
        (s, field, broken) => {
          expect(customsShipmentSchema.safeParse({ ...s, [field]: broken }).success).toBe(false);
        },
      ),
    );
  });
});
