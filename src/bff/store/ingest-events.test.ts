import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../contract/events.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const outcome = (id: string, refs: string[], eventTime: string, eventSubType = 'CreationUnsuccessful'): EventEnvelope => ({
  id,
  tenantId: 't',
  eventTime,
  eventType: 'CustomsShipmentInformation',
  eventSubType,
  data: { ingestionReferences: refs, businessReference: 'PO-1' },
});

describe.each(testEngines())('ingest events on %s', (engine) => {
  it('finds the outcome events of ingested messages by their referenceIds, newest first', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const inbox = store.repos.eventInbox;
    const A = '3f1c1f9e-0000-4000-8000-00000000000a';
    const B = '3f1c1f9e-0000-4000-8000-00000000000b';
    await inbox.receive(outcome('e1', [A], '2025-03-04T05:00:00Z'));
    await inbox.receive(outcome('e2', [A, B], '2025-03-04T06:00:00Z', 'ReplaceSuccessful'));
    // Names A only in another field: not an outcome of A.
    await inbox.receive({
      id: 'e3',
      tenantId: 't',
      eventTime: '2025-03-04T07:00:00Z',
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Released',
      data: { id: 'd-1', note: A },
    });
    await inbox.receive(outcome('e4', [A.toUpperCase()], '2025-03-04T08:00:00Z'));

    const found = await store.repos.ingestEvents.forReferences([A, B, 'no%such_ref', A]);
    expect(found.get(A)?.map((e) => e.event.id)).toEqual(['e2', 'e1']);
    expect(found.get(B)?.map((e) => e.event.id)).toEqual(['e2']);
    expect(found.size).toBe(2);
    expect(await store.repos.ingestEvents.forReferences([])).toEqual(new Map());
    expect((await store.repos.ingestEvents.recent(10)).map((e) => e.event.id)).toEqual(['e4', 'e2', 'e1']);
  });
});
