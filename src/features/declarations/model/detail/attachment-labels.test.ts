import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../../../contract/events';
import { attachmentDistinction, attachmentTimes } from './attachment-labels';

const event = (eventType: string, attachmentId: string, eventTime: string): EventEnvelope => ({
  id: `${eventType}-${attachmentId}`,
  tenantId: 't',
  eventTime,
  eventType,
  data: { attachmentId },
});
const sad = (id: string) => ({ id, documentType: 'SAD', fileName: 'SAD-MRN1.pdf' });

describe('attachment labels', () => {
  it('dates documents of the same type from their PDF-created events, numbers them otherwise', () => {
    const times = attachmentTimes([
      event('DeclarationPdfCreated', 'a', '2026-01-01T10:00:00Z'),
      event('DeclarationStatusChanged', 'b', '2026-01-02T10:00:00Z'),
    ]);
    expect([...times]).toEqual([['a', '2026-01-01T10:00:00Z']]);
    const list = [sad('a'), sad('b')];
    const format = (iso: string) => `at ${iso}`;
    expect(attachmentDistinction(list, 0, times, format)).toBe('at 2026-01-01T10:00:00Z');
    expect(attachmentDistinction(list, 1, times, format)).toBe('2 of 2');
    expect(attachmentDistinction([sad('a')], 0, times, format)).toBeUndefined();
  });
});
