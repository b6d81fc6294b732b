import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestHistoryQuerySchema } from '../../../contract/ingest-history.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';

const at = (minute: number): string => `2026-04-01T12:${String(minute).padStart(2, '0')}:00.000Z`;
const query = (q: Record<string, unknown> = {}) => ingestHistoryQuerySchema.parse(q);

describe.each(testEngines())('ingest history on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('records an accepted message, then its outcome with the declarations it fed', async () => {
    const history = store.repos.ingestHistory;
    await history.record({
      id: 'r-1',
      referenceId: 'r-1',
      tenantId: 't-1',
      channel: 'ftps',
      messageType: 'CustomsShipment',
      messageId: 'M-1',
      fileName: 'M-1.json',
      format: 'json',
      businessReference: 'PO-1',
      receivedAt: at(0),
    });
    expect(await history.get('r-1')).toMatchObject({
      outcome: 'Accepted',
      processedAt: null,
      errors: [],
      declarationIds: [],
      tenantId: 't-1',
      messageId: 'M-1',
    });

    await history.finish('r-1', {
      outcome: 'Unsuccessful',
      outcomeDetail: 'ReplaceUnsuccessful',
      errors: ['submitted'],
      declarationIds: ['d-1', 'd-2'],
      at: at(1),
    });
    expect(await history.get('r-1')).toMatchObject({
      outcome: 'Unsuccessful',
      outcomeDetail: 'ReplaceUnsuccessful',
      errors: ['submitted'],
      declarationIds: ['d-1', 'd-2'],
      processedAt: at(1),
    });
    await expect(
      history.record({
        id: 'r-1',
        referenceId: 'r-1',
        tenantId: 't-1',
        channel: 'https',
        messageType: 'Formula',
        format: 'json',
        receivedAt: at(2),
      }),
    ).rejects.toThrow();
  });

  it('keeps the accepted message for its processing, read back with its outcome', async () => {
    const history = store.repos.ingestHistory;
    const body = { itemId: 'FG-1', formulaLines: [{ itemId: 'RM-1', quantity: 1.5 }], extraField: 'kept' };
    await history.record({
      id: 'r-1',
      referenceId: 'r-1',
      tenantId: 't-1',
      channel: 'https',
      messageType: 'Formula',
      format: 'xml',
      businessReference: 'FG-1',
      receivedAt: at(0),
      body,
    });
    const accepted = {
      referenceId: 'r-1',
      tenantId: 't-1',
      messageType: 'Formula',
      format: 'xml',
      businessReference: 'FG-1',
      outcome: 'Accepted',
      errors: [],
      receivedAt: at(0),
      processedAt: null,
      body,
    };
    expect(await history.message('r-1')).toEqual(accepted);
    expect(await store.transaction((tx) => tx.ingestHistory.lock('r-1'))).toEqual(accepted);
    await history.finish('r-1', { outcome: 'Unsuccessful', errors: ['quantity: must not be zero'], at: at(1) });
    expect(await history.message('r-1')).toMatchObject({
      outcome: 'Unsuccessful',
      errors: ['quantity: must not be zero'],
      processedAt: at(1),
      body,
    });
    expect(await history.message('nope')).toBeUndefined();
  });

  it('knows which messageIds were accepted: a rejected or duplicate file does not count', async () => {
    const history = store.repos.ingestHistory;
    await history.record({
      id: 'x-1',
      referenceId: null,
      tenantId: 't-1',
      channel: 'ftps',
      messageType: 'Formula',
      messageId: 'BAD',
      format: 'xml',
      receivedAt: at(0),
      outcome: 'Rejected',
      errors: ['not well-formed'],
    });
    expect(await history.get('x-1')).toMatchObject({ outcome: 'Rejected', processedAt: at(0), errors: ['not well-formed'] });
    expect(await history.hasAccepted('t-1', 'Formula', 'BAD')).toBe(false);
    await history.record({
      id: 'r-2',
      referenceId: 'r-2',
      tenantId: 't-1',
      channel: 'ftps',
      messageType: 'Formula',
      messageId: 'GOOD',
      format: 'json',
      receivedAt: at(1),
    });
    expect(await history.hasAccepted('t-1', 'Formula', 'GOOD')).toBe(true);
    expect(await history.hasAccepted('t-2', 'Formula', 'GOOD')).toBe(false);
    expect(await history.hasAccepted('t-1', 'CustomsShipment', 'GOOD')).toBe(false);
  });

  it('lists a tenant history newest first, filtered, one page at a time', async () => {
    const history = store.repos.ingestHistory;
    for (let i = 0; i < 5; i++) {
      await history.record({
        id: `r-${i}`,
        referenceId: `r-${i}`,
        tenantId: 't-1',
        channel: i % 2 ? 'ftps' : 'https',
        messageType: i < 3 ? 'CustomsShipment' : 'MovementOrder',
        format: 'json',
        receivedAt: at(i),
        movementOrderIds: i < 3 ? [] : [`r-${i}-1`],
      });
    }
    // Same time as r-4: order falls back to the id, and paging neither skips nor repeats it.
    await history.record({
      id: 'r-9',
      referenceId: 'r-9',
      tenantId: 't-1',
      channel: 'https',
      messageType: 'Shipment',
      format: 'xml',
      receivedAt: at(4),
    });
    await history.record({
      id: 'other',
      referenceId: 'other',
      tenantId: 't-2',
      channel: 'https',
      messageType: 'CustomsShipment',
      format: 'json',
      receivedAt: at(5),
    });
    await history.finish('r-2', { outcome: 'Processed', errors: [], at: at(9) });

    const ids = (page: { entries: { id: string }[] }) => page.entries.map((e) => e.id);
    const first = await history.list('t-1', query({ limit: 4 }));
    expect(ids(first)).toEqual(['r-9', 'r-4', 'r-3', 'r-2']);
    expect(first.entries[1]?.movementOrderIds).toEqual(['r-4-1']);
    const second = await history.list('t-1', query({ limit: 4, cursor: first.nextCursor }));
    expect(ids(second)).toEqual(['r-1', 'r-0']);
    expect(second.nextCursor).toBeNull();

    expect(ids(await history.list('t-1', query({ channel: 'ftps' })))).toEqual(['r-3', 'r-1']);
    expect(ids(await history.list('t-1', query({ type: 'MovementOrder' })))).toEqual(['r-4', 'r-3']);
    expect(ids(await history.list('t-1', query({ outcome: 'Processed' })))).toEqual(['r-2']);
    expect(ids(await history.list('t-1', query({ from: '2026-04-01T14:01:00+02:00', to: at(3) })))).toEqual(['r-2', 'r-1']);
    expect(ids(await history.list('t-1', query({ cursor: 'garbage' })))).toHaveLength(6);
    expect(ids(await history.list('t-2', query()))).toEqual(['other']);
  });
});
