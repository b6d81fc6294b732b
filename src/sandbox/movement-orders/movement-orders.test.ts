import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  MOVEMENT_ORDER_STATUSES,
  movementOrderSchema,
  type MovementOrder,
  type MovementOrderStatus,
} from '../../contract/movement-orders.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { invalidParameterNames } from '../test-support/problem-names.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: false, timeScale: 1_000_000 });
});
afterAll(async () => sandbox.close());

type Json = Record<string, unknown>;
const acceptedSchema = z.object({ referenceId: z.uuid() });
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

const line = (extra: Json = {}): Json => ({
  itemId: 'RM-1',
  direction: 'Out',
  quantity: 10,
  uom: 'KGM',
  storageLocationReference: 'LOC-1',
  ...extra,
});
const movement = (movementType: string, extra: Json = {}): Json => ({
  timestamp: '2025-10-01T08:00:00Z',
  externalReference: unique(`EXT-${movementType}`),
  movementType,
  movementLines: [line()],
  ...extra,
});

const post = (s: RunningSandbox, body: unknown, init: { path?: string; headers?: Record<string, string>; clientId?: string } = {}) =>
  s.call(init.path ?? '/v1/movementorders', {
    method: 'POST',
    headers: init.headers ?? { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    clientId: init.clientId,
  });

async function ingest(s: RunningSandbox, movements: Json[], path?: string): Promise<string> {
  const res = await post(s, { version: '1.0', movements }, { path });
  expect(res.status, await res.clone().text()).toBe(202);
  return acceptedSchema.parse(await res.json()).referenceId;
}

async function read(s: RunningSandbox, id: string): Promise<MovementOrder> {
  const res = await s.call(`/v1/movementorders/${id}`);
  expect(res.status).toBe(200);
  return movementOrderSchema.parse(await res.json());
}

/** Ingests one movement and returns its order once the queue is idle. */
async function settle(m: Json): Promise<MovementOrder> {
  const referenceId = await ingest(sandbox, [m]);
  await sandbox.ctx.jobs.drain();
  return read(sandbox, `${referenceId}-1`);
}

const codes = (o: MovementOrder) => (o.validationErrors ?? []).map((e) => e.errorCode);

async function statusEvents(s: RunningSandbox, id: string): Promise<string[]> {
  return (await s.ctx.store.repos.events.list({ eventType: 'MovementOrderStatusChanged' }))
    .filter((e) => z.object({ id: z.string() }).loose().parse(e.data).id === id)
    .map((e) => e.eventSubType);
}

describe('POST /v1/movementorders and GET /v1/movementorders/{id}', () => {
  it('accepts a MovementIngest (202 {referenceId}); order {referenceId}-1 runs Submitted → Valid → Processed', async () => {
    const m = movement('PROC', {
      documentReference: 'PRD-1',
      externalMovementType: 'MAKE',
      movementLines: [
        line({ direction: 'In', itemId: 'FG-1', serialBatchReference: 'B-7', quantities: [{ quantity: 3, uom: 'PCE' }] }),
        line(),
      ],
    });
    const referenceId = await ingest(sandbox, [m]);
    await sandbox.ctx.jobs.drain();
    const order = await read(sandbox, `${referenceId}-1`);
    expect(order).toMatchObject({
      id: `${referenceId}-1`,
      referenceId,
      type: 'PROC',
      status: 'Processed',
      externalReference: m.externalReference,
      documentReference: 'PRD-1',
      externalMovementType: 'MAKE',
    });
    expect(order.lines).toHaveLength(2);
    expect(order.lines[0]).toMatchObject({ serialBatchReference: 'B-7', quantities: [{ quantity: 3, uom: 'PCE' }] });
    expect(order.validationErrors).toBeUndefined();
    expect(await statusEvents(sandbox, order.id)).toEqual(['Submitted', 'Valid', 'Processed']);
  });

  it('gives each movement of a message its own order, {referenceId}-{n}', async () => {
    const referenceId = await ingest(sandbox, [movement('UFOH'), movement('DCSV')]);
    await sandbox.ctx.jobs.drain();
    expect((await read(sandbox, `${referenceId}-1`)).type).toBe('UFOH');
    expect((await read(sandbox, `${referenceId}-2`)).type).toBe('DCSV');
  });

  it('answers 404 for an unknown id and for an order of another tenant', async () => {
    expect((await sandbox.call('/v1/movementorders/nope')).status).toBe(404);
    const referenceId = await ingest(sandbox, [movement('UFOH')]);
    expect((await sandbox.call(`/v1/movementorders/${referenceId}-1`, { clientId: 'noclass-acc' })).status).toBe(404);
    expect((await sandbox.call(`/v1/movementorders/${referenceId}-1`, { clientId: 'reader-acc' })).status).toBe(200);
  });

  it('needs create:wms to ingest', async () => {
    expect((await post(sandbox, { movements: [movement('UFOH')] }, { clientId: 'reader-acc' })).status).toBe(403);
  });

  it('processes the deprecated POST /v1/movements identically, with Deprecation and Link headers', async () => {
    const res = await post(sandbox, { movements: [movement('UFOH')] }, { path: '/v1/movements' });
    expect(res.status).toBe(202);
    expect(res.headers.get('deprecation')).toBe('true');
    expect(res.headers.get('link')).toBe('</v1/movementorders>; rel="successor-version"');
    const { referenceId } = acceptedSchema.parse(await res.json());
    await sandbox.ctx.jobs.drain();
    expect((await read(sandbox, `${referenceId}-1`)).status).toBe('Processed');
    expect((await post(sandbox, { movements: [movement('UFOH')] })).headers.get('deprecation')).toBeNull();
  });

  it('answers 400 for structural failures and 415 for other content types', async () => {
    const names = async (body: unknown) => {
      const res = await post(sandbox, body);
      expect(res.status).toBe(400);
      return invalidParameterNames(res);
    };
    expect(await names({ version: '1.0' })).toEqual(['movements']);
    expect(await names({ movements: [] })).toEqual(['movements']);
    const { externalReference: _, ...noReference } = movement('PROC');
    expect(await names({ movements: [noReference] })).toEqual(['movements.0.externalReference']);
    expect(await names({ movements: [movement('PROC', { movementLines: [line({ quantity: '10' })] })] })).toEqual([
      'movements.0.movementLines.0.quantity',
    ]);
    expect(await names({ movements: [movement('PROC', { timestamp: 'yesterday' })] })).toEqual(['movements.0.timestamp']);
    expect((await post(sandbox, 'movements', { headers: { 'content-type': 'text/plain' } })).status).toBe(415);
  });

  it('accepts XML', async () => {
    const xml = `<?xml version="1.0"?>
<movementIngest><version>1.0</version><movements><movement>
  <timestamp>2025-10-01T08:00:00Z</timestamp><externalReference>XML-RFFC-1</externalReference><movementType>RFFC</movementType>
  <customsDestination>HomeUse</customsDestination>
  <writeOffRules><writeOffRule><customsStatus>Bonded</customsStatus><isOfPreferentialOrigin>true</isOfPreferentialOrigin><preferentialOriginCountry>ZA</preferentialOriginCountry></writeOffRule></writeOffRules>
  <movementLines><movementLine><itemId>RM-1</itemId><direction>Out</direction><quantity>12.5</quantity><uom>KGM</uom>
    <quantities><quantity><quantity>0.0125</quantity><uom>TNE</uom></quantity></quantities></movementLine></movementLines>
</movement></movements></movementIngest>`;
    const res = await post(sandbox, xml, { headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(202);
    const { referenceId } = acceptedSchema.parse(await res.json());
    await sandbox.ctx.jobs.drain();
    expect(await read(sandbox, `${referenceId}-1`)).toMatchObject({
      status: 'Processed',
      customsDestination: 'HomeUse',
      writeOffRules: [{ customsStatus: 'Bonded', isOfPreferentialOrigin: true, preferentialOriginCountry: 'ZA' }],
      lines: [{ quantity: 12.5, quantities: [{ quantity: 0.0125, uom: 'TNE' }] }],
    });
  });
});

describe('business rules: Invalid with validationErrors', () => {
  it.each<[string, Json, string]>([
    ['an unknown movement type', movement('MOVE'), 'V601'],
    ['a customsDestination other than HomeUse or PartialHomeUse', movement('RFFC', { customsDestination: 'Home' }), 'V602'],
    ['a customsDestination on PROC', movement('PROC', { customsDestination: 'HomeUse' }), 'V603'],
    [
      'writeOffRules on TRFR',
      movement('TRFR', { writeOffRules: [{}], movementLines: [line({ receivingStorageLocationReference: 'L2' })] }),
      'V604',
    ],
    ['a write-off rule customsStatus other than Free or Bonded', movement('ADJN', { writeOffRules: [{ customsStatus: 'Paid' }] }), 'V605'],
    ['a line country that is not alpha-2', movement('PROC', { movementLines: [line({ preferentialOriginCountry: 'UK' })] }), 'V606'],
    ['a lower-case country', movement('PROC', { movementLines: [line({ nonPreferentialOriginCountry: 'de' })] }), 'V606'],
    [
      'a write-off rule country that is not alpha-2',
      movement('RFFC', { writeOffRules: [{ nonPreferentialOriginCountry: 'DEU' }] }),
      'V606',
    ],
    [
      'TRFA without receivingAuthorizationId',
      movement('TRFA', { movementLines: [line({ direction: 'Transfer', receivingStorageLocationReference: 'L2' })] }),
      'V607',
    ],
    [
      'TRFA without receivingStorageLocationReference',
      movement('TRFA', { movementLines: [line({ direction: 'Transfer', receivingAuthorizationId: 'A2' })] }),
      'V607',
    ],
    ['TRFR without receivingStorageLocationReference', movement('TRFR', { movementLines: [line({ direction: 'Transfer' })] }), 'V607'],
    ['receiving fields on PROC', movement('PROC', { movementLines: [line({ receivingStorageLocationReference: 'L2' })] }), 'V608'],
    [
      'TRFR to another authorization',
      movement('TRFR', {
        movementLines: [line({ authorizationId: 'A1', receivingAuthorizationId: 'A2', receivingStorageLocationReference: 'L2' })],
      }),
      'V608',
    ],
    ['TRFB without a blendResult', movement('TRFB', { movementLines: [line({ direction: 'Transfer' })] }), 'V609'],
    [
      'a blendResult on UFOH',
      movement('UFOH', { movementLines: [line({ blendResult: { itemId: 'B', quantity: 1, uom: 'LTR' } })] }),
      'V609',
    ],
    ['an incomplete blendResult', movement('TRFB', { movementLines: [line({ blendResult: { itemId: 'B' } })] }), 'V609'],
    ['an unknown category', movement('ADJP', { category: 'Gift' }), 'V610'],
    ['an ADJN category on ADJP', movement('ADJP', { category: 'Export' }), 'V610'],
    ['an ADJP category on ADJN', movement('ADJN', { category: 'FictiveArrival' }), 'V610'],
    ['a category on PROC', movement('PROC', { category: 'Production' }), 'V610'],
    ['an unknown line direction', movement('PROC', { movementLines: [line({ direction: 'Inbound' })] }), 'V611'],
    ['a zero quantity', movement('PROC', { movementLines: [line({ quantity: 0 })] }), 'V612'],
    ['no lines', movement('PROC', { movementLines: [] }), 'V613'],
    ['an asv above 100', movement('PROC', { movementLines: [line({ asv: 120 })] }), 'V615'],
    ['an excise product code not in BC36', movement('PROC', { movementLines: [line({ exciseProductCode: 'E999' })] }), 'V616'],
  ])('rejects %s', async (_name, m, code) => {
    const order = await settle(m);
    expect(order.status).toBe('Invalid');
    expect(codes(order)).toContain(code);
    expect(order.validationErrors?.every((e) => e.errorMessage.length > 0)).toBe(true);
    expect(await statusEvents(sandbox, order.id)).toEqual(['Submitted', 'Invalid']);
  });

  it.each<[string, Json]>([
    [
      'RFFC with HomeUse and writeOffRules',
      movement('RFFC', {
        customsDestination: 'HomeUse',
        writeOffRules: [
          { customsStatus: 'Free', isOfPreferentialOrigin: false, preferentialOriginCountry: 'GB', inboundDocRefNum: 'MRN1' },
        ],
      }),
    ],
    [
      'ADJN with PartialHomeUse, Export and adjustmentData',
      movement('ADJN', {
        customsDestination: 'PartialHomeUse',
        category: 'Export',
        adjustmentData: { administrativeReferenceCode: 'ARC1', arcSequenceNumber: 2, docRefNum: 'MRN2' },
      }),
    ],
    ['ADJP with ArrivalCorrection', movement('ADJP', { category: 'ArrivalCorrection', movementLines: [line({ direction: 'In' })] })],
    [
      'TRFA with both receiving fields',
      movement('TRFA', {
        movementLines: [line({ direction: 'Transfer', receivingAuthorizationId: 'A2', receivingStorageLocationReference: 'L2' })],
      }),
    ],
    [
      'TRFR within one authorization',
      movement('TRFR', {
        movementLines: [
          line({ direction: 'Transfer', authorizationId: 'A1', receivingAuthorizationId: 'A1', receivingStorageLocationReference: 'L2' }),
        ],
      }),
    ],
    [
      'TRFB with a blendResult',
      movement('TRFB', { movementLines: [line({ direction: 'Transfer', blendResult: { itemId: 'B', quantity: 11, uom: 'KGM' } })] }),
    ],
    [
      'a non-energy excise product in litres only',
      movement('PROC', { movementLines: [line({ exciseProductCode: 'S200', asv: 40, uom: 'LTR' })] }),
    ],
  ])('accepts %s', async (_name, m) => {
    const order = await settle(m);
    expect(order.validationErrors, JSON.stringify(order.validationErrors)).toBeUndefined();
    expect(order.status).toBe('Processed');
  });

  it('accepts 9,999 lines and rejects 10,000', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => line({ itemId: `RM-${i}` }));
    const ok = await settle(movement('PROC', { movementLines: lines(9999) }));
    expect(ok.status).toBe('Processed');
    expect(ok.lines).toHaveLength(9999);
    const tooMany = await settle(movement('PROC', { movementLines: lines(10000) }));
    expect(tooMany.status).toBe('Invalid');
    expect(codes(tooMany)).toEqual(['V613']);
  });

  it('rejects a second order with an externalReference already in use, also within one message', async () => {
    const first = await settle(movement('UFOH', { externalReference: 'DUP-1' }));
    expect(first.status).toBe('Processed');
    const again = await settle(movement('UFOH', { externalReference: 'DUP-1' }));
    expect(codes(again)).toEqual(['V614']);
    const referenceId = await ingest(sandbox, [
      movement('UFOH', { externalReference: 'DUP-2' }),
      movement('UFOH', { externalReference: 'DUP-2' }),
    ]);
    await sandbox.ctx.jobs.drain();
    expect((await read(sandbox, `${referenceId}-1`)).status).toBe('Processed');
    expect(codes(await read(sandbox, `${referenceId}-2`))).toEqual(['V614']);
  });
});

describe('MissingDensity: energy products with weight or litres at 15 °C, not both', () => {
  it.each<[string, Json, MovementOrderStatus]>([
    ['litres only', line({ exciseProductCode: 'E430', uom: 'LTR' }), 'MissingDensity'],
    ['kilograms only', line({ exciseProductCode: 'E500', uom: 'KGM' }), 'MissingDensity'],
    [
      'litres at 15 °C (L15) and tonnes in quantities',
      line({ exciseProductCode: 'E430', uom: 'L15', quantities: [{ quantity: 0.01, uom: 'TNE' }] }),
      'Processed',
    ],
    [
      'litres and kilograms in quantities',
      line({ exciseProductCode: 'E420', uom: 'LTR', quantities: [{ quantity: 7.4, uom: 'KGM' }] }),
      'Processed',
    ],
    ['neither (gigajoules)', line({ exciseProductCode: 'E910', uom: 'GJ' }), 'Processed'],
  ])('%s', async (_name, l, status) => {
    const order = await settle(movement('ADJP', { movementLines: [l] }));
    expect(order.status).toBe(status);
    expect(order.validationErrors).toBeUndefined();
  });

  it('reports Invalid rather than MissingDensity when rules fail too', async () => {
    const order = await settle(movement('ADJP', { category: 'Export', movementLines: [line({ exciseProductCode: 'E430', uom: 'LTR' })] }));
    expect(order.status).toBe('Invalid');
  });
});

describe('processing and invalidation', () => {
  const invalidate = (s: RunningSandbox, id: string) => s.control(`/_sandbox/movementorders/${id}/invalidate`, { method: 'POST' });

  it('ends in ProcessingError with validationErrors when externalReference contains FAIL', async () => {
    const order = await settle(movement('DCSV', { externalReference: 'WMS-FAIL-1' }));
    expect(order.status).toBe('ProcessingError');
    expect(codes(order)).toEqual(['P701']);
    expect(await statusEvents(sandbox, order.id)).toEqual(['Submitted', 'Valid', 'ProcessingError']);
  });

  it('invalidates a Processed order: Invalidating → Invalidated', async () => {
    const order = await settle(movement('RFFC'));
    const res = await invalidate(sandbox, order.id);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ id: order.id, status: 'Invalidating' });
    await sandbox.ctx.jobs.drain();
    const after = await read(sandbox, order.id);
    expect(after.status).toBe('Invalidated');
    expect(after.validationErrors).toBeUndefined();
    expect(await statusEvents(sandbox, order.id)).toEqual(['Submitted', 'Valid', 'Processed', 'Invalidating', 'Invalidated']);
  });

  it('rejects the invalidation when externalReference contains REJECT', async () => {
    const order = await settle(movement('RFFC', { externalReference: 'RFFC-REJECT-1' }));
    expect((await invalidate(sandbox, order.id)).status).toBe(202);
    await sandbox.ctx.jobs.drain();
    const after = await read(sandbox, order.id);
    expect(after.status).toBe('InvalidationRejected');
    expect(codes(after)).toEqual(['P702']);
  });

  it('answers 409 unless the order is Processed, and 404 for an unknown order', async () => {
    const invalid = await settle(movement('MOVE'));
    expect((await invalidate(sandbox, invalid.id)).status).toBe(409);
    expect((await invalidate(sandbox, 'nope')).status).toBe(404);
  });

  it('shows Submitted, Valid and Invalidating to a reader while the delays run (timeScale 2)', async () => {
    // Windows of a second or more: a reader polling every 10 ms sees each status even on a loaded machine.
    const slow = await startSandbox({ seed: false, timeScale: 2 });
    try {
      const referenceId = await ingest(slow, [movement('UFOH')]);
      const id = `${referenceId}-1`;
      const seen = new Set<string>();
      const until = (status: MovementOrderStatus) =>
        vi.waitFor(
          async () => {
            seen.add((await read(slow, id)).status);
            expect(seen).toContain(status);
          },
          { timeout: 20_000, interval: 10 },
        );
      await until('Processed');
      expect([...seen]).toEqual(['Submitted', 'Valid', 'Processed']);
      seen.clear();
      expect((await invalidate(slow, id)).status).toBe(202);
      await until('Invalidated');
      expect([...seen]).toEqual(['Invalidating', 'Invalidated']);
    } finally {
      await slow.close();
    }
  });
});

describe('seed', () => {
  it('holds movement orders of tenant t-acc-001 in every status, with no events', async () => {
    const seeded = await startSandbox({ timeScale: 1_000_000 });
    try {
      const ids = await seeded.ctx.store.repos.movementOrders.orderIds('t-acc-001');
      const orders = await Promise.all(ids.map((id) => read(seeded, id)));
      expect(new Set(orders.map((o) => o.status))).toEqual(new Set(MOVEMENT_ORDER_STATUSES));
      expect(new Set(orders.map((o) => o.type)).size).toBe(9);
      for (const o of orders)
        expect(o.validationErrors !== undefined).toBe(['Invalid', 'ProcessingError', 'InvalidationRejected'].includes(o.status));
      const events = (await seeded.ctx.store.repos.events.list()).filter((e) =>
        ['MovementOrderStatusChanged', 'FormulaInformation'].includes(e.eventType),
      );
      expect(events).toHaveLength(0);
      const formula = await seeded.control(`/_sandbox/formulas/FG-CHOC-500`);
      expect(
        z
          .object({ versions: z.array(z.unknown()) })
          .loose()
          .parse(await formula.json()).versions,
      ).toHaveLength(3);
    } finally {
      await seeded.close();
    }
  });
});
