import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../contract/live';
import { eventToast } from './use-event-toasts';

const event = (eventType: string, eventSubType: string, data: Record<string, unknown> = {}): LiveEvent => ({
  id: 'e',
  tenantId: 't',
  eventTime: '2026-01-01T10:00:00Z',
  eventType,
  eventSubType,
  data,
});

describe('eventToast', () => {
  it('names the new status, in red when it is a failure', () => {
    expect(eventToast(event('DeclarationStatusChanged', 'Invalid', { currentStatus: 'Invalid' }))).toEqual({
      title: 'DeclarationStatusChanged: Invalid',
      message: 'The status is now Invalid.',
      color: 'red',
    });
    expect(eventToast(event('DeclarationStatusChanged', 'Released', { currentStatus: 'Released' })).color).toBe('blue');
    expect(eventToast(event('DeclarationActionFinished', 'HeaderUpdateUnsuccessful')).color).toBe('red');
    expect(eventToast(event('DeclarationPdfCreated', 'SAD')).message).toMatch(/attachments/);
  });
});
