import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../../contract/live';
import {
  liveOutcome,
  MAY_HAVE_BEEN_PROCESSED,
  planBulk,
  recordedOutcome,
  runBulk,
  type BulkRowState,
  type SendResult,
} from './bulk-runner';

const facts = (declarationId: string, currentStatus: string) => ({ declarationId, currentStatus, arc: null, direction: 'IN' as const });

describe('planBulk', () => {
  it('runs only declarations whose status allows the action, and says why for the rest', () => {
    const plan = planBulk('submit', [facts('A', 'Validated'), facts('B', 'Invalid'), facts('C', 'CustomsError')], ['clerk']);
    expect(plan.runnable.map((t) => t.declarationId)).toEqual(['A', 'C']);
    expect(plan.skipped).toEqual([{ target: facts('B', 'Invalid'), reason: 'Not in status Invalid; needs Validated or CustomsError.' }]);
  });

  it('skips everything for a role that may not act', () => {
    const plan = planBulk('validate', [facts('A', 'Invalid')], ['analyst']);
    expect(plan.runnable).toEqual([]);
    expect(plan.skipped[0]?.reason).toContain('Your role may not do this');
  });
});

/** A scripted service: answers per id, in order; records the calls in flight. */
function scripted(answers: Record<string, SendResult[]>) {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = async (id: string): Promise<SendResult> => {
    calls.push(id);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await Promise.resolve();
    inFlight--;
    return answers[id]?.shift() ?? { ok: true };
  };
  return { send, calls, maxInFlight: () => maxInFlight };
}

describe('runBulk', () => {
  it('sends every row, a few at a time, and keeps each row’s answer', async () => {
    const service = scripted({ B: [{ ok: false, status: 409, detail: 'Not allowed in Submitted.' }] });
    const seen: [string, BulkRowState['kind']][] = [];
    const final = await runBulk({
      ids: ['A', 'B', 'C', 'D', 'E'],
      send: service.send,
      onState: (id, s) => seen.push([id, s.kind]),
      signal: new AbortController().signal,
      concurrency: 2,
    });
    expect(service.maxInFlight()).toBe(2);
    expect(final.get('A')).toEqual({ kind: 'accepted', outcome: undefined });
    expect(final.get('B')).toEqual({ kind: 'failed', detail: 'Not allowed in Submitted.' });
    expect(service.calls.filter((c) => c === 'B')).toHaveLength(1);
    expect(seen.slice(0, 5).every(([, k]) => k === 'queued')).toBe(true);
  });

  it('backs off on 429 by the shared policy (Retry-After first), showing when it retries, then succeeds', async () => {
    const service = scripted({
      A: [
        { ok: false, status: 429, detail: 'Too many requests', retryAfterMs: 3000 },
        { ok: false, status: 429, detail: 'Too many requests' },
      ],
    });
    const waits: number[] = [];
    const states: BulkRowState[] = [];
    const final = await runBulk({
      ids: ['A'],
      send: service.send,
      onState: (_id, s) => states.push(s),
      signal: new AbortController().signal,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0.5,
      now: () => 10_000,
    });
    expect(waits).toEqual([3000, 2000]);
    expect(states.filter((s) => s.kind === 'retrying')).toEqual([
      { kind: 'retrying', attempt: 1, status: 429, retryAt: 13_000 },
      { kind: 'retrying', attempt: 2, status: 429, retryAt: 12_000 },
    ]);
    expect(final.get('A')?.kind).toBe('accepted');
    expect(service.calls).toEqual(['A', 'A', 'A']);
  });

  it('never sends an action again after a 5xx or a lost connection: the row may have been processed', async () => {
    // The issue: a gateway answered 503 after the service had acted, and every row was submitted twice.
    const service = scripted({
      A: [{ ok: false, status: 503, detail: 'Unavailable' }],
      B: [{ ok: false, status: 500, detail: 'Server error' }],
      C: [{ ok: false, status: 0, detail: 'The console could not reach its server.' }],
      D: [{ ok: false, status: 502, detail: 'Bad gateway' }],
    });
    const final = await runBulk({
      ids: ['A', 'B', 'C', 'D'],
      send: service.send,
      onState: () => undefined,
      signal: new AbortController().signal,
      sleep: async () => undefined,
    });
    expect(service.calls.sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(final.get('A')).toEqual({ kind: 'unsure', detail: 'Unavailable' });
    for (const id of ['B', 'C', 'D']) expect(final.get(id)?.kind, id).toBe('unsure');
  });

  it('gives up after the policy’s last attempt, and never retries other failures', async () => {
    const busy: SendResult = { ok: false, status: 429, detail: 'Too many requests' };
    const service = scripted({ A: [busy, busy, busy, busy, busy], B: [{ ok: false, status: 409, detail: 'Not allowed in Submitted.' }] });
    const final = await runBulk({
      ids: ['A', 'B'],
      send: service.send,
      onState: () => undefined,
      signal: new AbortController().signal,
      sleep: async () => undefined,
    });
    expect(final.get('A')).toEqual({ kind: 'failed', detail: 'Too many requests' });
    expect(service.calls.filter((c) => c === 'A')).toHaveLength(4);
    expect(final.get('B')).toEqual({ kind: 'failed', detail: 'Not allowed in Submitted.' });
    expect(service.calls.filter((c) => c === 'B')).toHaveLength(1);
  });

  it('on cancel, stops the rows not yet sent and those waiting to retry; sent ones keep their answer', async () => {
    const stop = new AbortController();
    const service = scripted({ B: [{ ok: false, status: 429, detail: 'Too many requests' }] });
    const send = async (id: string) => {
      const result = await service.send(id);
      if (id === 'A') stop.abort();
      return result;
    };
    const final = await runBulk({
      ids: ['A', 'B', 'C', 'D'],
      send,
      onState: () => undefined,
      signal: stop.signal,
      concurrency: 2,
      sleep: async () => undefined,
    });
    expect(final.get('A')?.kind).toBe('accepted');
    expect(final.get('B')?.kind).toBe('cancelled');
    expect(final.get('C')?.kind).toBe('cancelled');
    expect(final.get('D')?.kind).toBe('cancelled');
    expect(service.calls).toEqual(['A', 'B']);
  });
});

const event = (eventType: string, eventSubType: string, data: Record<string, unknown>): LiveEvent => ({
  id: 'e',
  tenantId: 't',
  eventTime: '2026-01-01T00:00:00Z',
  eventType,
  eventSubType,
  data,
});

describe('liveOutcome', () => {
  it('reads the action’s outcome and the status it left', () => {
    expect(
      liveOutcome(
        event('DeclarationActionFinished', 'ValidateSuccessful', { id: 'A', action: 'validate', currentStatus: 'Invalid' }),
        'validate',
      ),
    ).toEqual({ declarationId: 'A', outcome: 'ValidateSuccessful · Invalid' });
    expect(
      liveOutcome(
        event('DeclarationActionFinished', 'ValidateUnsuccessful', { id: 'A', action: 'validate', reason: 'Validation failed.' }),
        'validate',
      ),
    ).toEqual({ declarationId: 'A', outcome: 'ValidateUnsuccessful: Validation failed.' });
    expect(liveOutcome(event('DeclarationActionFinished', 'SubmitSuccessful', { id: 'A', action: 'submit' }), 'validate')).toBeUndefined();
    expect(liveOutcome(event('DeclarationStatusChanged', 'Submitted', { id: 'A' }), 'submit')).toEqual({
      declarationId: 'A',
      outcome: 'Now Submitted',
    });
    expect(liveOutcome(event('DeclarationPdfCreated', '', { id: 'A' }), 'submit')).toBeUndefined();
  });
});

describe('recordedOutcome', () => {
  it('maps row states to what the BFF records', () => {
    expect(recordedOutcome('A', { kind: 'accepted', outcome: 'ValidateSuccessful · Invalid' })).toEqual({
      declarationId: 'A',
      outcome: 'accepted',
      detail: 'ValidateSuccessful · Invalid',
    });
    expect(recordedOutcome('A', { kind: 'skipped', reason: 'why' })).toEqual({ declarationId: 'A', outcome: 'skipped', detail: 'why' });
    expect(recordedOutcome('A', { kind: 'queued' })).toEqual({ declarationId: 'A', outcome: 'cancelled' });
    expect(recordedOutcome('A', { kind: 'unsure', detail: 'Unavailable' })).toEqual({
      declarationId: 'A',
      outcome: 'failed',
      detail: `Unavailable The action ${MAY_HAVE_BEEN_PROCESSED}.`,
    });
  });
});
