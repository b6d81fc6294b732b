import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATION_EVENT_FIELDS, declarationEventData, type DeclarationEventType } from '../../contract/events.js';
import { declarationsOf, postShipment, settleAll, storedEvents, validShipment } from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

/** Event data per event type (docs/service-facts.md 3.2): acceptanceDate and currentStatus on status changes only. */
describe('declaration event data per event type', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ seed: false, timeScale: 1_000_000 });
  });
  afterAll(async () => sb.close());

  it('the table gives status changes alone currentStatus and acceptanceDate', () => {
    const statusOnly = ['currentStatus', 'acceptanceDate'];
    expect(DECLARATION_EVENT_FIELDS.DeclarationStatusChanged).toEqual(expect.arrayContaining(statusOnly));
    for (const type of ['DeclarationActionFinished', 'DeclarationPdfCreated'] as const) {
      expect(DECLARATION_EVENT_FIELDS[type].filter((f) => statusOnly.includes(f))).toEqual([]);
    }
    expect(
      declarationEventData('DeclarationActionFinished', {
        id: 'D-1',
        acceptanceDate: '2026-11-27T10:00:00Z',
        currentStatus: 'Released',
        action: 'submit',
        unknown: 1,
      }),
    ).toEqual({ id: 'D-1', action: 'submit' });
  });

  it('every declaration event the sandbox publishes carries exactly the fields of its type', async () => {
    const body = validShipment();
    await postShipment(sb, body);
    await settleAll(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    if (!d) throw new Error('no declaration');
    expect(d.declarationDate).toBeTruthy();
    // A released import is accepted (acceptanceDate set) and produces its SAD; a document action finishes with an outcome.
    const res = await sb.call(`/v1/declarations/${d.declarationId}/generateDocument/SAD`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(202);
    await settleAll(sb);

    const ofDeclaration = async (type: DeclarationEventType) => (await storedEvents(sb, type)).filter((e) => e.data.id === d.declarationId);
    const statusChanges = await ofDeclaration('DeclarationStatusChanged');
    const finished = await ofDeclaration('DeclarationActionFinished');
    const documents = await ofDeclaration('DeclarationPdfCreated');
    expect(statusChanges.length).toBeGreaterThan(0);
    expect(finished.length).toBeGreaterThan(0);
    expect(documents.length).toBeGreaterThan(0);

    const released = statusChanges.find((e) => e.eventSubType === 'Released');
    expect(released?.data).toMatchObject({ currentStatus: 'Released', acceptanceDate: d.declarationDate });
    for (const [type, events] of [
      ['DeclarationStatusChanged', statusChanges],
      ['DeclarationActionFinished', finished],
      ['DeclarationPdfCreated', documents],
    ] as const) {
      const allowed: readonly string[] = DECLARATION_EVENT_FIELDS[type];
      for (const e of events) expect({ type, extra: Object.keys(e.data).filter((k) => !allowed.includes(k)) }).toEqual({ type, extra: [] });
    }
    for (const e of [...finished, ...documents]) {
      expect(e.data).not.toHaveProperty('acceptanceDate');
      expect(e.data).not.toHaveProperty('currentStatus');
    }
    expect(finished[0]?.data).toMatchObject({ id: d.declarationId, action: 'generateDocument', lrn: d.lrn, mrn: d.mrn });
    expect(documents[0]?.data).toMatchObject({ id: d.declarationId, type: 'SAD', lrn: d.lrn });
  });
});
