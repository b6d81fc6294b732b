import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/live';
import { movementOrderEventData, withSeenOrder } from './live-orders';

const event = (id: string, status: string, eventTime: string, eventType = 'MovementOrderStatusChanged'): LiveEvent => ({
  id: `${id}-${status}`,
  tenantId: 't',
  eventTime,
  eventType,
  eventSubType: status,
  data: { id, externalReference: 'WMS-1', type: 'PROC', status, ingestionReferences: ['r'] },
});

describe('live movement orders', () => {
  it('reads only MovementOrderStatusChanged with valid data', () => {
    expect(movementOrderEventData(event('a-1', 'Valid', '2026-01-01T00:00:00Z'))?.status).toBe('Valid');
    expect(movementOrderEventData(event('a-1', 'Valid', '2026-01-01T00:00:00Z', 'DeclarationStatusChanged'))).toBeUndefined();
    expect(movementOrderEventData(event('a-1', 'Bogus', '2026-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('keeps one row per order with its latest status, newest first', () => {
    let seen = withSeenOrder([], event('a-1', 'Submitted', '2026-01-01T00:00:00Z'));
    seen = withSeenOrder(seen, event('b-1', 'Submitted', '2026-01-01T00:00:01Z'));
    seen = withSeenOrder(seen, event('a-1', 'Valid', '2026-01-01T00:00:02Z'));
    expect(seen.map((s) => `${s.id}:${s.status}`)).toEqual(['a-1:Valid', 'b-1:Submitted']);
    // A late, older event does not overwrite the newer status.
    expect(withSeenOrder(seen, event('a-1', 'Submitted', '2026-01-01T00:00:00Z'))).toBe(seen);
  });
});
