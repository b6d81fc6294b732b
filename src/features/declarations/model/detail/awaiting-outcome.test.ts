import { describe, expect, it } from 'vitest';
import type { Declaration } from '../../../../contract/declarations';
import {
  AWAITING_TIMEOUT_MS,
  awaitedEventNeedsRead,
  nextAwaitingState,
  snapshotOf,
  withLatestStatus,
  type AwaitingState,
} from './awaiting-outcome';

const decl = (over: Partial<Declaration>): Declaration =>
  ({
    currentStatus: 'Invalid',
    lastUpdated: 't1',
    errors: [{ errorCode: 'V1042', message: 'm', fieldReference: [] }],
    ...over,
  }) as Declaration;
const start = (d: Declaration): AwaitingState => ({
  phase: 'awaiting',
  label: 'Goods item change',
  baseline: snapshotOf(d),
  since: 0,
  knownEventIds: new Set(['old']),
});

describe('awaiting outcome', () => {
  const before = decl({});
  it('keeps waiting while nothing changed', () => {
    expect(nextAwaitingState(start(before), before, [], 1000).phase).toBe('awaiting');
  });
  it('succeeds when the status changes and no errors remain', () => {
    expect(nextAwaitingState(start(before), decl({ currentStatus: 'Validated', errors: [], lastUpdated: 't2' }), [], 1000)).toEqual({
      phase: 'succeeded',
      label: 'Goods item change',
      status: 'Validated',
    });
  });
  it('fails with the new errors when they change but remain', () => {
    const after = decl({ lastUpdated: 't2', errors: [{ errorCode: 'V1044', message: 'm', fieldReference: [] }] });
    expect(nextAwaitingState(start(before), after, [], 1000)).toMatchObject({ phase: 'failed', status: 'Invalid', errorCount: 1 });
  });
  it('fails at once on a new ...Unsuccessful event, with its reason', () => {
    const events = [
      { id: 'old', eventType: 'DeclarationActionFinished', eventSubType: 'GoodsItemUpdateUnsuccessful' },
      { id: 'new', eventType: 'DeclarationActionFinished', eventSubType: 'HeaderUpdateUnsuccessful', reason: 'Not editable' },
    ];
    expect(nextAwaitingState(start(before), before, events, 1000)).toMatchObject({ phase: 'failed', reason: 'Not editable' });
  });
  it('waits on through Submitted for the customs response', () => {
    const next = nextAwaitingState(start(before), decl({ currentStatus: 'Submitted', errors: [], lastUpdated: 't2' }), [], 1000);
    expect(next).toMatchObject({ phase: 'awaiting', since: 1000 });
    expect(next.phase === 'awaiting' ? next.inProgress : '').toBe('Submitted');
  });
  it('times out', () => {
    expect(nextAwaitingState(start(before), before, [], AWAITING_TIMEOUT_MS).phase).toBe('timedOut');
  });
});

describe('withLatestStatus', () => {
  it('names the latest status once the declaration moved on after the outcome', () => {
    const accepted: AwaitingState = { phase: 'succeeded', label: 'Submit', status: 'Accepted' };
    expect(withLatestStatus(accepted, decl({ currentStatus: 'Released', errors: [] }))).toEqual({
      phase: 'succeeded',
      label: 'Submit',
      status: 'Released',
    });
    const failed: AwaitingState = { phase: 'failed', label: 'Validate', status: 'Invalid', errorCount: 1 };
    expect(withLatestStatus(failed, decl({ currentStatus: 'Invalid', errors: [] }))).toMatchObject({ status: 'Invalid', errorCount: 0 });
    const refused: AwaitingState = { phase: 'failed', label: 'Submit', status: 'Accepted', errorCount: 0, reason: 'Refused by customs' };
    expect(withLatestStatus(refused, decl({ currentStatus: 'Released' }))).toBe(refused);
    expect(withLatestStatus({ phase: 'idle' }, decl({}))).toEqual({ phase: 'idle' });
  });
});

describe('which live events read the awaited declaration', () => {
  it('every status change and action outcome, but not a change into Submitted (the outcome comes after it)', () => {
    expect(awaitedEventNeedsRead({ eventType: 'DeclarationStatusChanged', eventSubType: 'Submitted' })).toBe(false);
    expect(awaitedEventNeedsRead({ eventType: 'DeclarationStatusChanged', eventSubType: 'Accepted' })).toBe(true);
    expect(awaitedEventNeedsRead({ eventType: 'DeclarationActionFinished', eventSubType: 'SubmitSuccessful' })).toBe(true);
    expect(awaitedEventNeedsRead({ eventType: 'DeclarationPdfCreated', eventSubType: '' })).toBe(true);
  });
});
