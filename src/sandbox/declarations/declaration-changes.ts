import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { addGoodsItem, isPlainObject, mergeSelective, patchDocument } from '../flows/selective-update.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { defineJob } from '../worker/job-definition.js';

/** What the declaration change job uses of the sandbox's context: the signature says what it depends on. */
type DeclarationChangeDeps = Pick<SandboxContext, 'declarations' | 'jobs' | 'store'>;

/**
 * Declaration changes accepted with 202 (PATCH declaration, goods item create/update/delete),
 * applied by the persisted job declaration.change. Outcome: DeclarationActionFinished with
 * <Action>Successful or <Action>Unsuccessful (with reason) — HeaderUpdateUnsuccessful is the
 * specification's name, the others are sandbox names following the same pattern.
 */
const jsonObject = z.record(z.string(), z.unknown());
export const declarationChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('header'), patch: jsonObject }),
  z.object({ kind: z.literal('addItem'), item: jsonObject }),
  z.object({ kind: z.literal('updateItem'), itemId: z.string(), patch: jsonObject }),
  z.object({ kind: z.literal('deleteItem'), itemId: z.string() }),
]);
export type DeclarationChange = z.infer<typeof declarationChangeSchema>;
/** Job declaration.change: one accepted change, applied in the declaration's order. */
const declarationChangeJob = defineJob(
  'declaration.change',
  z.object({ referenceId: z.string(), declarationId: z.string(), change: declarationChangeSchema }),
);

const OUTCOME: Record<DeclarationChange['kind'], { action: string; subType: string }> = {
  header: { action: 'update', subType: 'HeaderUpdate' },
  addItem: { action: 'createGoodsItem', subType: 'GoodsItemCreate' },
  updateItem: { action: 'updateGoodsItem', subType: 'GoodsItemUpdate' },
  deleteItem: { action: 'deleteGoodsItem', subType: 'GoodsItemDelete' },
};

/** Moves a top-level goodsShipment of a PATCH body into singleAdministrativeDocument. */
export function sadPatchOf(body: Record<string, unknown>): Record<string, unknown> {
  const sad = isPlainObject(body.singleAdministrativeDocument) ? body.singleAdministrativeDocument : {};
  if (!isPlainObject(body.goodsShipment)) return sad;
  const gs = isPlainObject(sad.goodsShipment) ? sad.goodsShipment : {};
  return { ...sad, goodsShipment: { ...body.goodsShipment, ...gs } };
}

/** One declaration's changes and actions run one at a time, in the order they were accepted (client-visible order of 202s). */
export const declarationJobOrder = (declarationId: string): { orderKey: string } => ({ orderKey: `declaration:${declarationId}` });

/** Accepts a change for the background (the 202's referenceId); `tx` may be a transaction or the store's own repositories. */
export async function enqueueDeclarationChange(
  ctx: Pick<SandboxContext, 'jobs'>,
  tx: SandboxRepositories,
  declarationId: string,
  change: DeclarationChange,
): Promise<string> {
  const referenceId = randomUUID();
  await ctx.jobs.enqueueIn(tx, declarationChangeJob, { referenceId, declarationId, change }, 0, declarationJobOrder(declarationId));
  return referenceId;
}

export function registerDeclarationChangeJob(ctx: DeclarationChangeDeps): void {
  const { events, flows } = ctx.declarations;
  ctx.jobs.register(
    declarationChangeJob,
    async ({ declarationId, change }) => {
      await ctx.store.transaction(async (tx) => {
        const d = await tx.declarations.lockById(declarationId);
        if (!d) return;
        const outcome = OUTCOME[change.kind];
        const itemMissing =
          (change.kind === 'updateItem' || change.kind === 'deleteItem') && !(await tx.declarations.item(d.id, change.itemId));
        if (itemMissing) {
          await events.actionFinished(tx, d, `${outcome.subType}Unsuccessful`, outcome.action, 'The goods item does not exist (any more).');
          return;
        }
        const result = await flows.applyChange(tx, d, (doc) => {
          switch (change.kind) {
            case 'header':
              return patchDocument(doc, sadPatchOf(change.patch), randomUUID);
            case 'addItem':
              return { header: doc.header, items: addGoodsItem(doc.items, change.item, randomUUID) };
            case 'updateItem':
              return {
                header: doc.header,
                items: doc.items.map((i) => {
                  if (i.id !== change.itemId) return i;
                  const { casReference: _c, governmentAgencyGoodsItemId: _g, sequenceNumber: _s, ...patch } = change.patch;
                  return { ...i, data: mergeSelective(i.data, patch) };
                }),
              };
            case 'deleteItem':
              return { header: doc.header, items: doc.items.filter((i) => i.id !== change.itemId) };
          }
        });
        const after = (await tx.declarations.getById(d.id)) ?? d;
        if (result.ok) await events.actionFinished(tx, after, `${outcome.subType}Successful`, outcome.action);
        else await events.actionFinished(tx, after, `${outcome.subType}Unsuccessful`, outcome.action, result.reason);
      });
    },
    4,
  );
}
