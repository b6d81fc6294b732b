import type { SandboxConfig } from '../config.js';
import type { EventBus } from '../events/event-bus.js';
import { FlowEngine } from '../flows/flow-engine.js';
import type { SandboxStore } from '../store/sandbox-store.js';
import type { JobQueue } from '../worker/job-queue.js';
import { DeclarationEvents } from './declaration-events.js';

/**
 * The declaration services other sandbox parts use (ingestion, declaration actions, documents,
 * benchmarks), built once by buildSandbox and handed out as `ctx.declarations`:
 *
 *   const { events, flows } = ctx.declarations;
 *   await ctx.store.transaction(async (tx) => {
 *     await events.updateStatus(tx, id, 'Invalidated');        // publishes DeclarationStatusChanged
 *     await events.actionFinished(tx, d, 'SubmitSuccessful', 'submit');
 *     await flows.submit(tx, id); await flows.applyChange(tx, d, change);
 *   });
 *
 * Reads go straight to the repositories (`tx.declarations`, `ctx.store.repos.declarations`).
 */
export interface DeclarationServices {
  events: DeclarationEvents;
  flows: FlowEngine;
}

export function createDeclarationServices(deps: {
  store: SandboxStore;
  events: EventBus;
  jobs: JobQueue;
  now: () => Date;
  config: Pick<SandboxConfig, 'publicUrl' | 'timeScale'>;
}): DeclarationServices {
  const events = new DeclarationEvents({ events: deps.events, publicUrl: deps.config.publicUrl, now: deps.now });
  const flows = new FlowEngine({
    store: deps.store,
    declarationEvents: events,
    jobs: deps.jobs,
    now: deps.now,
    timeScale: deps.config.timeScale,
  });
  return { events, flows };
}
