import type { SandboxContext } from '../context.js';
import { FlowEngine } from '../flows/flow-engine.js';
import { ShipmentStore } from '../ingestion/shipment-store.js';
import { MasterDataStore } from '../master-data/master-data-store.js';
import { DeclarationStore } from './declaration-store.js';

/**
 * The declaration services of one sandbox: the module API other parts use (declaration actions,
 * EMCS, documents):
 *
 *   const { store, flows } = declarationServices(ctx);
 *   store.get(tenantId, id); store.search(tenantId, query); store.items(id);
 *   store.updateStatus(id, 'Invalidated', { errors }); // publishes DeclarationStatusChanged
 *   store.setErrors(id, errors); store.addAttachment(id, { id, documentType, fileName });
 *   store.publishActionFinished(declaration, 'SubmitSuccessful', 'submit');
 *   flows.submit(id); flows.revalidate(id); flows.goodsArrived(id); flows.validate(declaration);
 *
 * One instance per context (created on first use), so every part shares the same prepared statements.
 */
export interface DeclarationServices {
  store: DeclarationStore;
  flows: FlowEngine;
  masterData: MasterDataStore;
  shipments: ShipmentStore;
}

const instances = new WeakMap<SandboxContext, DeclarationServices>();

export function declarationServices(ctx: SandboxContext): DeclarationServices {
  let s = instances.get(ctx);
  if (!s) {
    const store = new DeclarationStore(ctx.db, ctx.events, ctx.config.publicUrl, ctx.now);
    const masterData = new MasterDataStore(ctx.db, ctx.now);
    const flows = new FlowEngine({ db: ctx.db, store, masterData, jobs: ctx.jobs, now: ctx.now, timeScale: ctx.config.timeScale });
    s = { store, flows, masterData, shipments: new ShipmentStore(ctx.db, ctx.now) };
    instances.set(ctx, s);
  }
  return s;
}
