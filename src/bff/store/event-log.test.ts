import { afterEach, describe, expect, it } from 'vitest';
import { eventLogQuerySchema } from '../../contract/event-log.js';
import type { EventEnvelope } from '../../contract/events.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const status = (id: string, declarationId: string, subType: string, eventTime: string, reference: string): EventEnvelope => ({
  id,
  tenantId: 't',
  eventTime,
  eventType: 'DeclarationStatusChanged',
  eventSubType: subType,
  data: { id: declarationId, currentStatus: subType, customsShipmentReference: reference, lrn: `LRN-${id}` },
});

const query = (q: Record<string, unknown>) => eventLogQuerySchema.parse(q);

describe.each(testEngines())('event log repository on %s', (engine) => {
  it('lists newest first, pages by seq, and filters by type, subtype, declaration, reference and time', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const inbox = store.repos.eventInbox;
    await inbox.receive(status('e1', 'd-1', 'Submitted', '2026-01-01T10:00:00Z', 'REF-A'));
    await inbox.receive(status('e2', 'd-1', 'Invalid', '2026-01-01T11:00:00Z', 'REF-A'));
    await inbox.receive(status('e3', 'd-2', 'Released', '2026-01-01T12:00:00.1234567Z', 'ref-a'));
    await inbox.receive({
      id: 'e4',
      tenantId: 't',
      eventTime: '2026-01-01T13:00:00Z',
      eventType: 'CustomsShipmentInformation',
      eventSubType: 'CreationUnsuccessful',
      data: { ingestionReferences: ['REF-A'] },
    });
    const log = store.repos.eventLog;
    const ids = async (q: Record<string, unknown>) => (await log.page(query(q))).events.map((e) => e.event.id);

    expect(await ids({})).toEqual(['e4', 'e3', 'e2', 'e1']);
    const first = await log.page(query({ limit: 3 }));
    expect(first.events.map((e) => e.event.id)).toEqual(['e4', 'e3', 'e2']);
    expect(first.nextBefore).not.toBeNull();
    const second = await log.page(query({ limit: 3, before: first.nextBefore }));
    expect(second.events.map((e) => e.event.id)).toEqual(['e1']);
    expect(second.nextBefore).toBeNull();

    expect(await ids({ type: 'DeclarationStatusChanged', subType: 'Invalid' })).toEqual(['e2']);
    expect(await ids({ declarationId: 'd-1' })).toEqual(['e2', 'e1']);
    // Exact and case-sensitive on both engines, inside arrays too; a prefix is not a match.
    expect(await ids({ reference: 'REF-A' })).toEqual(['e4', 'e2', 'e1']);
    expect(await ids({ reference: 'ref-a' })).toEqual(['e3']);
    expect(await ids({ reference: 'REF' })).toEqual([]);
    expect(await ids({ from: '2026-01-01T11:00:00Z', to: '2026-01-01T12:30:00+00:00' })).toEqual(['e3', 'e2']);
    const entry = (await log.page(query({ declarationId: 'd-2' }))).events[0];
    expect(entry?.event.data).toMatchObject({ customsShipmentReference: 'ref-a' });
    expect(entry?.receivedAt).toMatch(/^\d{4}-/);
  });
});
