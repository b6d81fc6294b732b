import { useEffect, useRef, useState } from 'react';
import { approvalHeldSchema } from '../../../../contract/approvals';
import { DECLARATION_ACTIONS } from '../../../../contract/declaration-actions';
import type { BulkAction } from '../../../../contract/review';
import { ApiError, request } from '../../../../lib/api-client';
import { z } from 'zod';
import { subscribeLiveEvents } from '../../../../lib/live-events';
import { useRecordBulkRun } from '../../api/review.queries';
import { liveOutcome, recordedOutcome, runBulk, type BulkRowState, type SendResult } from './bulk-runner';

export interface BulkRun {
  action: BulkAction;
  rows: ReadonlyMap<string, BulkRowState>;
  running: boolean;
  cancelled: boolean;
}

async function sendAction(action: BulkAction, declarationId: string, signal: AbortSignal): Promise<SendResult> {
  try {
    // The runner owns the retry loop (the same policy): the fetch layer sends each call once, so retries never stack.
    const answer = await request(`/v1/declarations/${encodeURIComponent(declarationId)}/${DECLARATION_ACTIONS[action].segment}`, {
      method: 'POST',
      schema: z.unknown(),
      signal,
      retry: 'none',
    });
    return { ok: true, held: approvalHeldSchema.safeParse(answer).success };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, status: e.status, detail: e.message, retryAfterMs: e.retryAfterMs };
    throw e;
  }
}

/**
 * A bulk Validate or Submit run in the browser: per-row states, each accepted row's outcome as
 * the live events bring it, cancel, and a record of the run in the BFF when it ends.
 */
export function useBulkRun() {
  const [run, setRun] = useState<BulkRun>();
  const stop = useRef<AbortController>(undefined);
  const record = useRecordBulkRun();

  // Accepted rows follow the live status, and so do unsure ones (a 5xx after the request was sent):
  // the action's event says it was processed after all. The event may come before the answer
  // reaches the browser, and state updaters run later, at render: outcomes are kept here, outside
  // React, and each row takes its outcome from here whichever comes first.
  const outcomes = useRef(new Map<string, string>());
  const inRun = useRef(new Set<string>());
  const action = run?.action;
  useEffect(() => {
    if (!action) return;
    return subscribeLiveEvents((event) => {
      const found = liveOutcome(event, action);
      if (!found || !inRun.current.has(found.declarationId)) return;
      outcomes.current.set(found.declarationId, found.outcome);
      setRun((r) => {
        const kind = r?.rows.get(found.declarationId)?.kind;
        if (!r || (kind !== 'accepted' && kind !== 'unsure')) return r;
        return { ...r, rows: new Map(r.rows).set(found.declarationId, { kind: 'accepted', outcome: found.outcome }) };
      });
    });
  }, [action]);

  useEffect(() => () => stop.current?.abort(), []);

  const start = async (nextAction: BulkAction, ids: readonly string[], skipped: readonly { declarationId: string; reason: string }[]) => {
    const controller = new AbortController();
    stop.current = controller;
    outcomes.current.clear();
    inRun.current = new Set(ids);
    const startedAt = new Date().toISOString();
    const initial = new Map<string, BulkRowState>(skipped.map((s) => [s.declarationId, { kind: 'skipped', reason: s.reason }]));
    setRun({ action: nextAction, rows: initial, running: true, cancelled: false });
    const final = await runBulk({
      ids,
      send: (id, signal) => sendAction(nextAction, id, signal),
      signal: controller.signal,
      onState: (id, state) =>
        setRun((r) => {
          if (!r) return r;
          const outcome = outcomes.current.get(id);
          const next: BulkRowState =
            state.kind === 'accepted' || (state.kind === 'unsure' && outcome) ? { kind: 'accepted', outcome } : state;
          return { ...r, rows: new Map(r.rows).set(id, next) };
        }),
    });
    setRun((r) => r && { ...r, running: false, cancelled: controller.signal.aborted });
    const rows = [...initial, ...final].map(([id, state]) => {
      const outcome = outcomes.current.get(id);
      return recordedOutcome(id, state.kind === 'unsure' && outcome ? { kind: 'accepted', outcome } : state);
    });
    if (rows.length)
      record.mutate({ action: nextAction, startedAt, finishedAt: new Date().toISOString(), cancelled: controller.signal.aborted, rows });
  };

  return { run, start, cancel: () => stop.current?.abort(), clear: () => setRun(undefined) };
}
