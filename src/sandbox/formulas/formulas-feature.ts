import { XML_MEDIA_TYPES } from '../../server-kit/http/body-parsers.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { FORMULA_EVENT_TYPE, formulaMessageSchema, formulaSchema, type FormulaInformationData } from '../../contract/formulas.js';
import type { SandboxContext, SandboxFeature } from '../context.js';
import { notFound } from '../../server-kit/http/problem.js';
import {
  capDescriptions,
  readMessage,
  requireAcceptableReply,
  requireMessageContentType,
  scaled,
  sendAccepted,
  type XmlShape,
} from '../http/message-body.js';
import { inTransaction, receivedAtOf, recordAccepted, requestFormat } from '../ingestion/message-ingesters.js';
import { messageStatusRecord, type MessageStatusRecord } from '../ingestion/message-status.js';
import { seedFormulas } from './formula-seed.js';
import { defineJob } from '../worker/job-definition.js';

/** GET /_sandbox/formula-messages/{referenceId}: a formula message's validation outcome. */
export type FormulaMessageRecord = MessageStatusRecord & { itemId: string };

/** Sandbox default: a formula message is validated this long after it was accepted (divided by timeScale). */
export const FORMULA_VALIDATION_DELAY_MS = 1000;

const FORMULA_XML: XmlShape = {
  lists: new Set(['formulaLines', 'secondaryProducts']),
  numbers: new Set(['quantity']),
  booleans: new Set(['isWaste']),
};

const formulaJob = defineJob('formula.validate', z.object({ referenceId: z.string() }));
const tenantQuery = z.object({ tenantId: z.string().default('t-acc-001') });

/** "formulaLines.3.quantity" → "formulaLines[3].quantity". */
const fieldPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${String(p)}` : String(p)), '') || '(message)';

/** Validates one accepted message: a new version and CreationSuccessful, or CreationUnsuccessful with the errors. */
async function validateFormulaMessage(ctx: Pick<SandboxContext, 'events' | 'now' | 'store'>, referenceId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const pending = await tx.ingestHistory.lock(referenceId);
    if (pending?.outcome !== 'Accepted') return; // already handled (the job ran before a crash)
    const at = ctx.now().toISOString();
    const message = formulaMessageSchema.parse(pending.body);
    const result = formulaSchema.safeParse(message);
    const { tenantId } = pending;
    const { itemId } = message;
    const data: FormulaInformationData = { tenantId, ingestionReferences: [referenceId], businessReference: itemId, itemId };
    if (!result.success) {
      const errorDescriptions = capDescriptions(result.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`));
      await tx.ingestHistory.finish(referenceId, {
        outcome: 'Unsuccessful',
        outcomeDetail: 'CreationUnsuccessful',
        errors: errorDescriptions,
        at,
      });
      await ctx.events.publishIn(tx, {
        tenantId,
        eventType: FORMULA_EVENT_TYPE,
        eventSubType: 'CreationUnsuccessful',
        data: { ...data, errorDescriptions },
      });
      return;
    }
    const versionNumber = await tx.formulas.addVersion(tenantId, referenceId, result.data, at);
    await tx.ingestHistory.finish(referenceId, { outcome: 'Processed', outcomeDetail: 'CreationSuccessful', errors: [], at });
    await ctx.events.publishIn(tx, {
      tenantId,
      eventType: FORMULA_EVENT_TYPE,
      eventSubType: 'CreationSuccessful',
      data: { ...data, versionNumber },
    });
  });
}

/**
 * POST /v1/formulas (create:messages): structure checked synchronously (400), every rule of the
 * Formula table asynchronously (FormulaInformation events). Sandbox-only reads:
 * GET /_sandbox/formulas/{itemId} and GET /_sandbox/formula-messages/{referenceId}.
 * Tables: store/formulas.
 */
export const formulasFeature: SandboxFeature = {
  name: 'formulas',
  register(app, ctx) {
    const formulas = ctx.store.repos.formulas;
    // One at a time, oldest first: versions are numbered in the order the messages were accepted.
    ctx.jobs.register(formulaJob, async ({ referenceId }) => validateFormulaMessage(ctx, referenceId), 1);

    const ingester = ctx.ingesters.register({
      type: 'Formula',
      xml: FORMULA_XML,
      async accept(incoming) {
        const message = formulaMessageSchema.parse(incoming.value);
        const referenceId = randomUUID();
        const receivedAt = receivedAtOf(incoming, ctx.now);
        await inTransaction(ctx.store, incoming.tx, async (tx) => {
          await recordAccepted(tx, {
            referenceId,
            type: 'Formula',
            message: incoming,
            body: message,
            businessReference: message.itemId,
            receivedAt,
          });
          await ctx.jobs.enqueueIn(tx, formulaJob, { referenceId }, scaled(FORMULA_VALIDATION_DELAY_MS, ctx.config.timeScale));
        });
        return referenceId;
      },
    });

    app.post(
      '/v1/formulas',
      { config: { scope: 'create:messages', bodyTypes: XML_MEDIA_TYPES }, onRequest: [requireMessageContentType, requireAcceptableReply] },
      async (request, reply) => {
        const value = readMessage(request, FORMULA_XML);
        const referenceId = await ingester.accept({
          tenantId: request.principal.tenantId,
          format: requestFormat(request),
          value,
          source: { channel: 'https' },
        });
        return sendAccepted(request, reply, referenceId);
      },
    );

    app.get<{ Params: { itemId: string } }>('/_sandbox/formulas/:itemId', async (request) => {
      const { tenantId } = tenantQuery.parse(request.query);
      const formula = await formulas.formula(tenantId, request.params.itemId);
      if (!formula) throw notFound(`No formula for item ${request.params.itemId} in tenant ${tenantId}.`);
      return formula;
    });

    app.get<{ Params: { referenceId: string } }>('/_sandbox/formula-messages/:referenceId', async (request) => {
      const stored = await ctx.store.repos.ingestHistory.message(request.params.referenceId);
      const status = messageStatusRecord(stored, ['Formula']);
      if (!status) throw notFound(`No formula message ${request.params.referenceId}.`);
      const record: FormulaMessageRecord = { ...status, itemId: stored?.businessReference ?? '' };
      return record;
    });
  },
  async seed(ctx) {
    await ctx.store.transaction((tx) => seedFormulas(tx));
  },
};
