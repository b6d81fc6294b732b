import { z } from 'zod';
import {
  classificationItemSchema,
  jurisdictionSchema,
  startClassificationResponseSchema,
  type Jurisdiction,
  type RunStatus,
} from '../../../contract/classification.js';
import { ProblemError } from '../../../server-kit/http/problem.js';
import { refreshRun, type ClassificationRunsDeps } from '../../routes/classification-runs.js';
import { LockBusyError } from '../../store/advisory-locks.js';
import type { BffStore } from '../../store/bff-store.js';
import { callUpstreamJson } from '../../upstream/upstream-json.js';
import type { ProxyCall, ProxyExtension } from '../proxy-extension.js';
import { bffProblem, text } from '../../i18n/problem-texts.js';

const UNFINISHED = new Set<RunStatus>(['Pending', 'Processing']);
/** How long a start waits for another replica's start to finish before giving up. */
const START_LOCK_WAIT_MS = 15_000;
/** A run start's body is a few fields; it is read whole to learn the jurisdiction and code. */
const START_BODY_BYTES = 64 * 1024;
/** Only these are read here; the service validates the whole body and answers 400 itself. */
const startBodySchema = z.looseObject({ jurisdiction: jurisdictionSchema });
const requestedCodeSchema = z.looseObject({ code: z.string() });

export interface RunStart {
  itemId: string;
  jurisdiction: Jurisdiction;
  code: string | null;
}

/** The item and jurisdiction a start asks for; undefined when the body does not say (the service refuses it). */
function runStartOf(call: ProxyCall): RunStart | undefined {
  if (!Buffer.isBuffer(call.body)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(call.body.toString('utf8'));
  } catch {
    return undefined;
  }
  const jurisdiction = startBodySchema.safeParse(body).data?.jurisdiction;
  if (!jurisdiction) return undefined;
  const itemId = decodeURIComponent(call.path.split('/')[4] ?? '');
  return { itemId, jurisdiction, code: requestedCodeSchema.safeParse(body).data?.code ?? null };
}

/** Takes the deployment-wide run-start lock and holds it until the returned release is called. */
export function enterLock(store: BffStore): Promise<() => Promise<void>> {
  return new Promise((entered, failed) => {
    const held: Promise<void> = store.exclusively(
      'classificationRunStart',
      () =>
        new Promise<void>((release) =>
          entered(async () => {
            release();
            await held.catch(() => undefined);
          }),
        ),
      { waitMs: START_LOCK_WAIT_MS },
    );
    held.catch((e: unknown) => {
      if (e instanceof LockBusyError) failed(new ProblemError(bffProblem(503, text('run.startBusy'))));
      else failed(e instanceof Error ? e : new Error(String(e)));
    });
  });
}

/** Refuses (409) while a run of the item and jurisdiction the BFF last saw unfinished still is; 503 when the service cannot say. */
export async function refuseWhileRunning(deps: ClassificationRunsDeps, start: RunStart, requestId: string): Promise<void> {
  for (const run of await deps.store.repos.classificationRuns.unfinished({ itemId: start.itemId, jurisdiction: start.jurisdiction }, 10)) {
    const status = await refreshRun(deps, run, requestId);
    if (status === undefined)
      throw new ProblemError(bffProblem(503, text('run.unchecked', { jurisdiction: start.jurisdiction, runId: run.runId })));
    if (!UNFINISHED.has(status)) continue;
    throw new ProblemError(
      bffProblem(409, text('run.inProgress', { jurisdiction: start.jurisdiction, status, at: run.startedAt, name: run.startedBy.name }), {
        title: text('run.inProgressTitle'),
      }),
    );
  }
}

/** Records a run the service accepted, with the item's reference and assigned code (which never change after creation). */
async function recordRun(deps: ClassificationRunsDeps, call: ProxyCall, start: RunStart, acknowledgement: Buffer): Promise<void> {
  const accepted = startClassificationResponseSchema.safeParse(JSON.parse(acknowledgement.toString('utf8')));
  if (!accepted.success) return;
  const itemPath = `/v1/classifications/items/${encodeURIComponent(start.itemId)}`;
  const item = await callUpstreamJson(deps.upstream, { method: 'GET', path: itemPath, requestId: call.request.id }).catch(() => undefined);
  const parsedItem = classificationItemSchema.safeParse(item?.json);
  await deps.store.repos.classificationRuns.record({
    runId: accepted.data.classificationId,
    itemId: start.itemId,
    itemReference: parsedItem.data?.externalReference ?? null,
    jurisdiction: start.jurisdiction,
    code: start.code,
    assignedCode: parsedItem.data?.assignedClassifications.find((a) => a.jurisdiction === start.jurisdiction)?.code ?? null,
    startedBy: { sub: call.user.sub, name: call.user.name },
    startedAt: new Date().toISOString(),
  });
}

/**
 * One classification run at a time per item and jurisdiction, recorded for the team. Under a
 * deployment-wide lock, held from the check until the run is recorded, the BFF asks the service
 * about every run it last saw Pending or Processing and refuses the start while one is; a start the
 * service accepts (202) is recorded before the answer goes back.
 */
export function runStartLock(deps: ClassificationRunsDeps): ProxyExtension {
  const held = new WeakMap<ProxyCall, RunStart & { release: () => Promise<void> }>();
  return {
    name: 'classification run-start lock',
    appliesTo: ['POST /v1/classifications/items/{itemId}/classifications'],
    bodyBytes: START_BODY_BYTES,
    async before(call) {
      const start = runStartOf(call);
      if (!start) return;
      const release = await enterLock(deps.store);
      try {
        await refuseWhileRunning(deps, start, call.request.id);
      } catch (e) {
        await release();
        throw e;
      }
      held.set(call, { ...start, release });
    },
    async after(call, outcome) {
      const start = held.get(call);
      if (!start) return;
      held.delete(call);
      try {
        if (outcome.upstreamStatus === 202 && outcome.acknowledgement) await recordRun(deps, call, start, outcome.acknowledgement);
      } finally {
        await start.release();
      }
    },
  };
}
