import { describe, expect, it } from 'vitest';
import { actionAvailability, actionsFor, type AvailabilityFacts } from './action-availability';

const excise = (over: Partial<AvailabilityFacts> = {}): AvailabilityFacts => ({
  currentStatus: 'Accepted',
  arc: '26GB0000000000000000X',
  direction: 'IN',
  ...over,
});
const customs = (over: Partial<AvailabilityFacts> = {}): AvailabilityFacts => ({
  currentStatus: 'Released',
  arc: null,
  direction: 'IN',
  ...over,
});
const open = (facts: AvailabilityFacts, roles: Parameters<typeof actionsFor>[1]) =>
  actionsFor(facts, roles)
    .filter((a) => a.available)
    .map((a) => a.action);

describe('action availability (status, excise, role)', () => {
  it('gives a clerk the EMCS actions of an accepted inbound e-AD, but not Invalidate', () => {
    expect(open(excise(), ['clerk'])).toEqual(['generateSad', 'generateDocument', 'receiptReport', 'rejectOrAlertEad', 'delayForDelivery']);
    expect(open(excise({ direction: 'OUT' }), ['clerk'])).toEqual([
      'generateSad',
      'generateDocument',
      'changeDestination',
      'delayForDelivery',
    ]);
    expect(actionAvailability('invalidate', excise(), ['clerk'])).toEqual({
      action: 'invalidate',
      available: false,
      reason: 'Your role may not do this (supervisors only).',
    });
  });

  it('lets a supervisor cancel a dispatched e-AD and invalidate a released declaration', () => {
    expect(actionAvailability('invalidate', excise({ direction: 'OUT' }), ['supervisor']).available).toBe(true);
    expect(actionAvailability('invalidate', excise(), ['supervisor']).available).toBe(false);
    expect(actionAvailability('invalidate', excise({ direction: 'OUT', currentStatus: 'Released' }), ['supervisor']).available).toBe(false);
    expect(actionAvailability('invalidate', customs(), ['supervisor']).available).toBe(true);
    expect(actionAvailability('invalidate', customs({ currentStatus: 'Submitted' }), ['supervisor'])).toMatchObject({
      available: false,
      reason: 'Not in status Submitted; needs Accepted or Released.',
    });
  });

  it('keeps EMCS actions off declarations without an ARC', () => {
    expect(actionAvailability('receiptReport', customs({ currentStatus: 'Accepted' }), ['clerk'])).toMatchObject({
      available: false,
      reason: 'Only for excise movements (a declaration with an ARC).',
    });
  });

  it('keeps consignee messages off outbound movements', () => {
    expect(actionAvailability('receiptReport', excise({ direction: 'OUT' }), ['clerk'])).toMatchObject({
      reason: 'Only the consignee of an inbound movement can do this.',
    });
    expect(actionAvailability('receiptReport', excise({ currentStatus: 'Alerted' }), ['clerk']).available).toBe(true);
    expect(actionAvailability('delayForDelivery', excise({ direction: 'OUT' }), ['clerk']).available).toBe(true);
  });

  it('offers the complementary explanation only after the receipt report', () => {
    expect(actionAvailability('complementaryExplanation', excise(), ['clerk']).available).toBe(false);
    expect(actionAvailability('complementaryExplanation', excise({ currentStatus: 'Delivered' }), ['clerk']).available).toBe(true);
  });

  it('offers Submit and Validate while editable, Goods Arrived only for pre-lodge', () => {
    expect(open(customs({ currentStatus: 'CustomsError' }), ['clerk'])).toEqual(['submit', 'validate']);
    expect(open(customs({ currentStatus: 'Invalid' }), ['clerk'])).toEqual(['validate']);
    expect(actionAvailability('goodsArrived', customs({ currentStatus: 'Accepted' }), ['clerk']).available).toBe(false);
    expect(
      actionAvailability('goodsArrived', customs({ currentStatus: 'Accepted', singleAdministrativeDocument: { addDeclType: 'D' } }), [
        'clerk',
      ]).available,
    ).toBe(true);
  });

  it('gives an analyst nothing', () => {
    expect(open(excise(), ['analyst'])).toEqual([]);
  });
});
