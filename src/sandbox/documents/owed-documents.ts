import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { defineJob } from '../worker/job-definition.js';

/** What owed documents uses of the sandbox's context: the signature says what it depends on. */
type OwedDocumentsDeps = Pick<SandboxContext, 'documents' | 'jobs' | 'log' | 'store'>;

/**
 * Documents the seed data owes (Accepted/Released declarations have the PDFs their step
 * produces): the seed records them and enqueues this job in its transaction; the job renders
 * them one by one in the background, silently. Reads never render or write anything.
 */
const owedDocumentsJob = defineJob('documents.owed', z.object({}));

/** Enqueues the job that produces the owed documents (call in the transaction that records them). */
export async function produceOwedDocumentsLater(ctx: Pick<SandboxContext, 'jobs'>, tx: SandboxRepositories): Promise<void> {
  await ctx.jobs.enqueueIn(tx, owedDocumentsJob, {});
}

export function registerOwedDocumentsJob(ctx: OwedDocumentsDeps): void {
  ctx.jobs.register(
    owedDocumentsJob,
    async () => {
      for (;;) {
        // Stopping (shutdown, reset): the job is queued again and goes on at the next start.
        if (ctx.jobs.stopping.aborted) return { retryInMs: 0 };
        const [next] = await ctx.store.repos.documents.owed(1);
        if (!next) return undefined;
        try {
          await ctx.documents.service.produceOwed(next);
        } catch (err) {
          // One document that cannot be rendered must not hold up the others: it is given up.
          ctx.log.error({ err, ...next }, 'owed document could not be produced');
          await ctx.store.repos.documents.settle(next);
        }
      }
    },
    1,
  );
}
