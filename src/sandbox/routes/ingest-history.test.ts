import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestHistoryPageSchema, type IngestHistoryEntry } from '../../contract/ingest-history.js';
import { declarationsOf, json, postShipment, settle, validShipment } from '../flows/test-fixtures.js';
import { eventually } from '../../server-kit/test-support/eventually.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, timeScale: 1_000_000 });
});
afterAll(async () => sb.close());

const accepted = z.object({ referenceId: z.string() });
async function send(path: string, body: unknown): Promise<string> {
  const res = await sb.call(path, json(body));
  expect(res.status, await res.clone().text()).toBe(202);
  return accepted.parse(await res.json()).referenceId;
}

async function historyPage(query = '', clientId?: string) {
  const res = await sb.call(`/sandbox-api/ingest-history${query}`, { clientId });
  expect(res.status, await res.clone().text()).toBe(200);
  return ingestHistoryPageSchema.parse(await res.json());
}

/** Waits until every message has an outcome (the processing jobs run in the background, some after a delay). */
async function settled(): Promise<IngestHistoryEntry[]> {
  const page = await eventually(
    async () => {
      await settle(sb);
      return historyPage('?limit=100');
    },
    ({ entries }) => entries.every((e) => e.outcome !== 'Accepted'),
  );
  return page.entries;
}

describe('GET /sandbox-api/ingest-history', () => {
  it('records every message accepted over HTTPS once, with its outcome and what it created, newest first', async () => {
    const shipment = validShipment();
    const shipmentRef = await postShipment(sb, shipment);
    const formulaRef = await send('/v1/formulas', {
      itemId: 'FG-1',
      activeFromDate: '2025-06-01T00:00:00Z',
      quantity: 100,
      uom: 'KGM',
      processingType: '1',
      formulaLines: [{ itemId: 'RM-1', quantity: 1, uom: 'KGM' }],
    });
    const movementRef = await send('/v1/movementorders', {
      version: '1.0',
      movements: [
        {
          timestamp: '2025-10-01T08:00:00Z',
          externalReference: 'MO-H-1',
          movementType: 'PROC',
          movementLines: [{ itemId: 'RM-1', direction: 'Out', quantity: 10, uom: 'KGM', storageLocationReference: 'LOC-1' }],
        },
      ],
    });
    const listRef = await send('/v1/materiallists', {
      externalReference: 'ML-H-1',
      itemId: 'FG-1',
      materials: [{ itemId: 'RM-1', quantity: 2, uom: 'KGM' }],
    });
    const failedRef = await send('/v1/materiallistinvalidationrequests', { externalReference: 'ML-NONE' });

    const entries = await settled();
    const byRef = new Map(entries.map((e) => [e.referenceId, e]));
    // Newest first (messages received in the same millisecond in either order).
    expect(entries.map((e) => e.referenceId).sort()).toEqual([failedRef, listRef, movementRef, formulaRef, shipmentRef].sort());
    expect(entries.map((e) => e.receivedAt)).toEqual(
      entries
        .map((e) => e.receivedAt)
        .sort()
        .reverse(),
    );
    expect(entries.every((e) => e.channel === 'https' && e.messageId === null)).toBe(true);

    const [declaration] = await declarationsOf(sb, shipment.externalReference);
    expect(byRef.get(shipmentRef)).toMatchObject({
      messageType: 'CustomsShipment',
      outcome: 'Processed',
      businessReference: shipment.externalReference,
      declarationIds: [declaration?.declarationId],
    });
    expect(byRef.get(formulaRef)).toMatchObject({
      messageType: 'Formula',
      outcome: 'Processed',
      outcomeDetail: 'CreationSuccessful',
      businessReference: 'FG-1',
    });
    expect(byRef.get(movementRef)).toMatchObject({
      messageType: 'MovementOrder',
      outcome: 'Processed',
      movementOrderIds: [expect.any(String)],
    });
    const movementOrder = await sb.call(`/v1/movementorders/${byRef.get(movementRef)?.movementOrderIds[0] ?? ''}`);
    expect(movementOrder.status).toBe(200);
    expect(byRef.get(listRef)).toMatchObject({ messageType: 'MaterialList', outcome: 'Processed' });
    expect(byRef.get(failedRef)).toMatchObject({
      messageType: 'MaterialListInvalidationRequest',
      outcome: 'Unsuccessful',
      outcomeDetail: 'InvalidationUnsuccessful',
    });
    expect(byRef.get(failedRef)?.errors[0]).toContain('ML-NONE');

    // Filters and paging.
    expect((await historyPage('?type=Formula')).entries.map((e) => e.referenceId)).toEqual([formulaRef]);
    expect((await historyPage('?outcome=Unsuccessful')).entries.map((e) => e.referenceId)).toEqual([failedRef]);
    expect((await historyPage('?channel=ftps')).entries).toEqual([]);
    const first = await historyPage('?limit=3');
    expect(first.entries).toHaveLength(3);
    const second = await historyPage(`?limit=3&cursor=${first.nextCursor ?? ''}`);
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(entries.map((e) => e.id));
    expect(second.nextCursor).toBeNull();
  });

  it('is the token tenant history only, needs a token, and answers a bad query with a problem', async () => {
    expect((await historyPage('', 'noclass-acc')).entries).toEqual([]);
    const anonymous = await fetch(`${sb.url}/sandbox-api/ingest-history`);
    expect(anonymous.status).toBe(401);
    const bad = await sb.call('/sandbox-api/ingest-history?outcome=Maybe&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    const problem = z.object({ 'invalid-parameters': z.array(z.object({ name: z.string() })) }).parse(await bad.json());
    expect(problem['invalid-parameters'].map((p) => p.name).sort()).toEqual(['from', 'outcome']);
  });
});
