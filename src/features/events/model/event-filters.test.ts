import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/live';
import { declarationIdOf, eventsSearchSchema, fromLocalInput, matchesFilters, referencesOf, toLocalInput } from './event-filters';

const status = (over: Partial<LiveEvent> = {}): LiveEvent => ({
  id: 'e1',
  tenantId: 't',
  eventTime: '2026-01-01T10:00:00Z',
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Invalid',
  data: { id: 'd-1', customsShipmentReference: 'REF-1', lrn: 'LRN-1' },
  ...over,
});
const shipmentInfo: LiveEvent = {
  id: 'e2',
  tenantId: 't',
  eventTime: '2026-01-01T11:00:00Z',
  eventType: 'CustomsShipmentInformation',
  eventSubType: 'CreationUnsuccessful',
  data: { id: 'not-a-declaration', ingestionReferences: ['ing-1'], businessReference: 'REF-2' },
};

describe('events URL search params', () => {
  it('keeps valid filters and drops a bad value instead of failing the page', () => {
    expect(eventsSearchSchema.parse({ type: 'DeclarationStatusChanged', from: 'yesterday', reference: '  ' })).toEqual({
      type: 'DeclarationStatusChanged',
    });
    expect(eventsSearchSchema.parse({ to: '2026-01-01T00:00:00.000Z' })).toEqual({ to: '2026-01-01T00:00:00.000Z' });
  });
});

describe('matchesFilters (live events on a filtered page)', () => {
  it('matches type, subtype, declaration, time range and exact reference like the BFF', () => {
    expect(matchesFilters(status(), {})).toBe(true);
    expect(matchesFilters(status(), { type: 'DeclarationStatusChanged', subType: 'Invalid', declarationId: 'd-1' })).toBe(true);
    expect(matchesFilters(status(), { subType: 'Released' })).toBe(false);
    expect(matchesFilters(status(), { declarationId: 'd-2' })).toBe(false);
    expect(matchesFilters(status(), { from: '2026-01-01T10:00:00Z', to: '2026-01-01T10:00:00Z' })).toBe(true);
    expect(matchesFilters(status(), { from: '2026-01-01T10:00:01Z' })).toBe(false);
    expect(matchesFilters(status(), { reference: 'REF-1' })).toBe(true);
    expect(matchesFilters(status(), { reference: 'ref-1' })).toBe(false);
    expect(matchesFilters(shipmentInfo, { reference: 'ing-1' })).toBe(true);
    // data.id of a non-declaration event is not a declaration.
    expect(matchesFilters(shipmentInfo, { declarationId: 'not-a-declaration' })).toBe(false);
  });

  it('names the declaration and the references of a row', () => {
    expect(declarationIdOf(status())).toBe('d-1');
    expect(declarationIdOf(shipmentInfo)).toBeUndefined();
    expect(referencesOf(status())).toEqual(['REF-1', 'LRN-1']);
    expect(referencesOf(shipmentInfo)).toEqual(['REF-2', 'ing-1']);
  });
});

describe('date-time picker values', () => {
  it('round-trips an instant through local time to the minute', () => {
    const iso = '2026-03-04T05:06:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeUndefined();
    expect(toLocalInput(undefined)).toBe('');
  });
});
