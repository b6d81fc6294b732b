import { describe, expect, it } from 'vitest';
import { ACTION_AVAILABILITY, actionRule, EAD_CANCELLATION, visibleRefusal } from './action-availability.js';
import { DECLARATION_STATUS_TABLE, EDITABLE_STATUSES, isEditableStatus } from './declaration-statuses.js';

describe('the status table', () => {
  it('names each status once', () => {
    const names = DECLARATION_STATUS_TABLE.map((s) => s.status);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lets goods items change only before sending to customs or after customs rejects (specification)', () => {
    expect(EDITABLE_STATUSES).toEqual(['Validated', 'Invalid', 'CustomsError']);
    expect(isEditableStatus('Submitted')).toBe(false);
    expect(isEditableStatus('SomethingNew')).toBe(false);
  });
});

describe('the availability table', () => {
  const facts = { status: 'Accepted', ead: true, direction: 'IN', addDeclType: undefined };

  it('Invalidate of an e-AD is the consignor’s cancellation; of a customs declaration the customs row', () => {
    expect(actionRule('invalidate', true)).toBe(EAD_CANCELLATION);
    expect(actionRule('invalidate', false)).toBe(ACTION_AVAILABILITY.invalidate);
    expect(actionRule('submit', true)).toBe(ACTION_AVAILABILITY.submit);
  });

  it('checks kind, side and pre-lodge before the status, as the service reports them', () => {
    expect(visibleRefusal(ACTION_AVAILABILITY.receiptReport, facts)).toBeUndefined();
    expect(visibleRefusal(ACTION_AVAILABILITY.receiptReport, { ...facts, ead: false, status: 'Released' })).toBe('kind');
    expect(visibleRefusal(ACTION_AVAILABILITY.receiptReport, { ...facts, direction: 'OUT', status: 'Released' })).toBe('side');
    expect(visibleRefusal(ACTION_AVAILABILITY.receiptReport, { ...facts, status: 'Delivered' })).toBe('status');
    expect(visibleRefusal(ACTION_AVAILABILITY.invalidate, { ...facts, status: 'Released' })).toBe('kind');
    expect(visibleRefusal(ACTION_AVAILABILITY.goodsArrived, { ...facts, ead: false, addDeclType: 'A', status: 'Released' })).toBe(
      'preLodge',
    );
    expect(visibleRefusal(ACTION_AVAILABILITY.goodsArrived, { ...facts, ead: false, addDeclType: ' d ' })).toBeUndefined();
  });
});
