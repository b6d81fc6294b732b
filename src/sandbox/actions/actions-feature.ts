import { declarationSearchQuerySchema, DECLARATION_SEARCH_MAX_LIMIT } from '../../contract/declarations.js';
import type { SandboxContext, SandboxFeature } from '../context.js';
import { isHistoryReference } from '../declarations/declarations-history-seed.js';
import { SEED_TENANT } from '../declarations/declarations-seed.js';
import { produceOwedDocumentsLater } from '../documents/owed-documents.js';
import type { OwedDocument } from '../store/documents/documents-repository.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { registerActionRoutes } from './action-routes.js';
import { ActionService } from './action-service.js';
import { documentsProducedBy, subjectOf } from './availability.js';

/**
 * Declaration actions, EMCS movement behaviour and the documents the flow steps produce
 * (README.md beside this file). Uses `ctx.declarations`; seeds after the declarations seed.
 */
export const actionsFeature: SandboxFeature = {
  name: 'declaration-actions',
  // Seeds documents owed by seeded declarations, which the documents part's job produces.
  after: ['declarations', 'documents'],
  async register(app, ctx) {
    const actions = new ActionService(ctx);
    actions.registerJobs();
    ctx.events.onEventIn(async (tx, e) => actions.onEvent(tx, e));
    await app.register(async (scope) => registerActionRoutes(scope, ctx, actions));
  },
  async seed(ctx) {
    await ctx.store.transaction((tx) => oweSeededDocuments(ctx, tx));
  },
};

/**
 * The documents seeded Accepted/Released customs declarations already have by their step: owed,
 * and produced in the background by the documents part (silently, as the seed publishes nothing).
 * The dashboard's history set owes none (isHistoryReference).
 */
async function oweSeededDocuments(ctx: Pick<SandboxContext, 'jobs'>, tx: SandboxRepositories): Promise<void> {
  const owed: OwedDocument[] = [];
  for (let offset = 0; ; offset += DECLARATION_SEARCH_MAX_LIMIT) {
    const page = await tx.declarations.search(
      SEED_TENANT,
      declarationSearchQuerySchema.parse({ currentStatus: ['Accepted', 'Released'], offset }),
    );
    for (const summary of page) {
      if (summary.arc !== null || isHistoryReference(summary.externalReference)) continue;
      const d = await tx.declarations.getById(summary.declarationId);
      if (d) for (const documentType of documentsProducedBy(subjectOf(d))) owed.push({ declarationId: d.id, documentType });
    }
    if (page.length < DECLARATION_SEARCH_MAX_LIMIT) break;
  }
  if (owed.length === 0) return;
  await tx.documents.owe(owed);
  await produceOwedDocumentsLater(ctx, tx);
}
