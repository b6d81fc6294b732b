import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA_TARGETS } from './sla-targets.js';
import { dueAt, isOverdue, workNeed } from './work-queue.js';

const d = (currentStatus: string, more: Partial<{ customsFlowStep: string; arc: string | null; direction: 'IN' | 'OUT' }> = {}) => ({
  currentStatus,
  customsFlowStep: 'H1 Import',
  arc: null,
  direction: 'IN' as const,
  ...more,
});

describe('work queue rule', () => {
  it('asks for a fix of Invalid and Customs error, a Submit of Validated', () => {
    expect(workNeed(d('Invalid'))).toBe('fix');
    expect(workNeed(d('CustomsError'))).toBe('fix');
    expect(workNeed(d('Validated'))).toBe('submit');
  });

  it('waits for pre-lodged goods to arrive and for the receipt of an incoming excise movement, not for ordinary accepted ones', () => {
    expect(workNeed(d('Accepted', { customsFlowStep: 'Pre-lodge' }))).toBe('arrival');
    expect(workNeed(d('Accepted', { arc: '26GB000000000000001', direction: 'IN' }))).toBe('receipt');
    expect(workNeed(d('Alerted', { arc: '26GB000000000000001', direction: 'IN' }))).toBe('receipt');
    expect(workNeed(d('Accepted', { arc: '26GB000000000000001', direction: 'OUT' }))).toBeUndefined();
    expect(workNeed(d('Accepted'))).toBeUndefined();
  });

  it('needs nothing of declarations with customs or done', () => {
    for (const s of ['Submitted', 'Released', 'Delivered', 'Invalidated', 'SomethingNew']) expect(workNeed(d(s))).toBeUndefined();
  });

  it('puts the due time at the entry into the status plus the target of the need', () => {
    const targets = { ...DEFAULT_SLA_TARGETS, fixInvalidMinutes: 90, submitValidatedMinutes: 15 };
    expect(dueAt('fix', '2026-11-27T08:00:00.000Z', targets)).toBe('2026-11-27T09:30:00.000Z');
    expect(dueAt('submit', '2026-11-27T08:00:00Z', targets)).toBe('2026-11-27T08:15:00.000Z');
    expect(dueAt('receipt', '2026-11-27T08:00:00Z', DEFAULT_SLA_TARGETS)).toBe('2026-12-04T08:00:00.000Z');
    expect(isOverdue({ dueAt: '2026-11-27T08:15:00.000Z' }, Date.parse('2026-11-27T08:16:00Z'))).toBe(true);
    expect(isOverdue({ dueAt: '2026-11-27T08:15:00.000Z' }, Date.parse('2026-11-27T08:14:00Z'))).toBe(false);
  });
});
