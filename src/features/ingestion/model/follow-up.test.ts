import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/live';
import { declarationsFor, isFollowUpEvent, shipmentInformationFor } from './follow-up';

let n = 0;
const envelope = (eventType: string, eventSubType: string, eventTime: string, data: Record<string, unknown>): LiveEvent => ({
  id: `e${++n}`,
  tenantId: 't',
  eventTime,
  eventType,
  eventSubType,
  data,
});

describe('follow-up of a sent shipment', () => {
  it('picks shipment information by referenceId', () => {
    const events = [
      envelope('CustomsShipmentInformation', 'CreationUnsuccessful', '2026-01-01T00:00:02Z', {
        ingestionReferences: ['r1'],
        errorDescriptions: ['No flow for IT'],
      }),
      envelope('CustomsShipmentInformation', 'DuplicateShipment', '2026-01-01T00:00:01Z', { ingestionReferences: ['r2'] }),
    ];
    expect(shipmentInformationFor(events, 'r1')).toEqual([
      { eventId: events[0]?.id, subType: 'CreationUnsuccessful', eventTime: '2026-01-01T00:00:02Z', errorDescriptions: ['No flow for IT'] },
    ]);
    expect(shipmentInformationFor(events, 'r3')).toEqual([]);
  });

  it('keeps one row per declaration with its latest status and its LRN', () => {
    const events = [
      envelope('DeclarationStatusChanged', 'Accepted', '2026-01-01T00:00:05Z', {
        id: 'd1',
        lrn: 'LRN-1',
        customsShipmentReference: 'X',
        currentStatus: 'Accepted',
        customsFlowStep: 'H1 Import',
      }),
      envelope('DeclarationStatusChanged', 'Submitted', '2026-01-01T00:00:01Z', {
        id: 'd1',
        customsShipmentReference: 'X',
        currentStatus: 'Submitted',
      }),
      envelope('DeclarationStatusChanged', 'Submitted', '2026-01-01T00:00:01Z', {
        id: 'd2',
        customsShipmentReference: 'Y',
        currentStatus: 'Submitted',
      }),
    ];
    expect(declarationsFor(events, 'X')).toEqual([
      { declarationId: 'd1', lrn: 'LRN-1', status: 'Accepted', customsFlowStep: 'H1 Import', eventTime: '2026-01-01T00:00:05Z' },
    ]);
  });

  it('keeps only the two event types that tell the outcome', () => {
    expect(isFollowUpEvent(envelope('DeclarationPdfCreated', 'x', '2026-01-01T00:00:00Z', {}))).toBe(false);
    expect(isFollowUpEvent(envelope('DeclarationStatusChanged', 'x', '2026-01-01T00:00:00Z', {}))).toBe(true);
  });
});
