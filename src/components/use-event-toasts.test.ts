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
  it('tells what happened in words, with the LRN, in red when it is a failure', () => {
    expect(eventToast(event('DeclarationStatusChanged', 'Invalid', { currentStatus: 'Invalid', lrn: 'LRN-1' }))).toMatchObject({
      title: 'Validation failed for LRN LRN-1',
      color: 'red',
    });
    expect(eventToast(event('DeclarationActionFinished', 'ValidateUnsuccessful', { lrn: 'LRN-1' })).title).toBe(
      'Validation failed for LRN LRN-1',
    );
    expect(eventToast(event('DeclarationStatusChanged', 'Released', { currentStatus: 'Released' })).color).toBe('blue');
    expect(eventToast(event('DeclarationActionFinished', 'SubmitSuccessful')).color).toBe('green');
    expect(eventToast(event('DeclarationActionFinished', 'HeaderUpdateUnsuccessful')).color).toBe('red');
    expect(eventToast(event('DeclarationPdfCreated', 'SAD')).message).toMatch(/attachments/);
  });
});
