import type { SandboxContext } from '../context.js';
import { FlowEngine } from '../flows/flow-engine.js';
import { ShipmentStore } from '../ingestion/shipment-store.js';
import { MasterDataStore } from '../master-data/master-data-store.js';
import { DeclarationStore, type DeclarationRecord } from './declaration-store.js';

/**
 * Runs before a declaration's attachments are listed (include=attachments), e.g. to produce
 * documents the seed data owes (the declaration actions part renders them on first access).
 */
export type AttachmentHook = (d: DeclarationRecord) => Promise<void>;

/**
 * The declaration services of one sandbox: the module API other parts use (declaration actions,
 * EMCS, documents):
 *
 *   const { store, flows } = declarationServices(ctx);
 *   store.get(tenantId, id); store.search(tenantId, query); store.items(id);
 *   store.updateStatus(id, 'Invalidated', { errors }); // publishes DeclarationStatusChanged
 *   store.setErrors(id, errors);
 *   store.publishActionFinished(declaration, 'SubmitSuccessful', 'submit');
 *   attachmentHooks.push(async (d) => { ... }); // runs before include=attachments is listed
 *   flows.submit(id); flows.revalidate(id); flows.goodsArrived(id); flows.validate(declaration);
 *
 * One instance per context (created on first use), so every part shares the same prepared statements.
 */
export interface DeclarationServices {
  store: DeclarationStore;
  flows: FlowEngine;
  masterData: MasterDataStore;
  shipments: ShipmentStore;
  attachmentHooks: AttachmentHook[];
}

const instances = new WeakMap<SandboxContext, DeclarationServices>();

export function declarationServices(ctx: SandboxContext): DeclarationServices {
  let s = instances.get(ctx);
  if (!s) {
    // Attachments are the documents of ctx.documents: one mechanism for listing and download.
    const store = new DeclarationStore(ctx.db, ctx.events, ctx.config.publicUrl, ctx.now, (tenantId, id) => ctx.documents.store.list(tenantId, id));
    const masterData = new MasterDataStore(ctx.db, ctx.now);
    const flows = new FlowEngine({ db: ctx.db, store, masterData, jobs: ctx.jobs, now: ctx.now, timeScale: ctx.config.timeScale });
    s = { store, flows, masterData, shipments: new ShipmentStore(ctx.db, ctx.now), attachmentHooks: [] };
    instances.set(ctx, s);
  }
  return s;
}
