import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DECLARATION_ACTION_NAMES,
  DECLARATION_ACTIONS,
  GENERATE_DOCUMENT_TYPES,
  changeDestinationBodySchema,
  complementaryExplanationBodySchema,
  delayForDeliveryBodySchema,
  emcsInvalidateBodySchema,
  invalidateBodySchema,
  receiptReportBodySchema,
  rejectOrAlertEadBodySchema,
  type DeclarationAction,
} from '../../contract/declaration-actions.js';
import type { ReturnOnAcceptMessage } from '../../contract/customs-shipment.js';
import type { SandboxContext } from '../context.js';
import { mediaType } from '../../server-kit/http/body-parsers.js';
import { badRequest, notFound, ProblemError } from '../../server-kit/http/problem.js';
import type { DeclarationRecord, StoredGoodsItem } from '../store/declarations/declaration-record.js';
import type { ActionService } from './action-service.js';
import { isGenerateDocumentType, refusalOf, subjectOf } from './availability.js';

/** What the action routes use of the sandbox's context: the signature says what it depends on. */
type ActionRoutesDeps = Pick<SandboxContext, 'store'>;

const params = z.object({ declarationId: z.string().min(1), documentType: z.string().optional() });

/** The JSON body of an action that takes one (415 for another content type). */
function jsonBody(request: FastifyRequest): unknown {
  const type = mediaType(request);
  if (type && type !== 'application/json')
    throw new ProblemError({ status: 415, detail: `Content-Type ${type} is not supported here; use application/json.` });
  return request.body;
}

const unknownTypeProblem = (given: string | undefined): ProblemError =>
  badRequest(
    `${given ? `Document type ${given} is not known` : 'A document type is required'}; usable types: ${GENERATE_DOCUMENT_TYPES.join(', ')}.`,
    [{ name: 'documentType', reason: `must be one of ${GENERATE_DOCUMENT_TYPES.join(', ')}` }],
  );

/** casReferences of the declaration's goods items with their excise product codes (what the original e-AD said). */
function exciseProductCodes(items: readonly StoredGoodsItem[]): Map<string, string> {
  return new Map(items.map((item) => [item.casReference, item.data.exciseGoodsItem?.exciseProductCode ?? '']));
}

/**
 * The synchronous checks of an action's body (every documented 400 rule, through the contract
 * schemas); returns the body to hand to the background job.
 */
async function validatedBody(
  action: DeclarationAction,
  request: FastifyRequest,
  ctx: ActionRoutesDeps,
  d: DeclarationRecord,
): Promise<unknown> {
  const items = () => ctx.store.repos.declarations.items(d.id);
  switch (action) {
    case 'invalidate':
      return (d.arc ? emcsInvalidateBodySchema : invalidateBodySchema).parse(jsonBody(request));
    case 'receiptReport':
      return receiptReportBodySchema({ exciseProductCodes: exciseProductCodes(await items()) }).parse(jsonBody(request));
    case 'complementaryExplanation': {
      const body = complementaryExplanationBodySchema.parse(jsonBody(request));
      const known = new Set((await items()).map((i) => i.casReference));
      // An item without casReference is the processing's to refuse (EMCS needs it); one EMCS does not know is a 400.
      const unknown = body.governmentAgencyGoodsItems.flatMap((item, i) =>
        item.casReference === undefined || known.has(item.casReference)
          ? []
          : [{ name: `governmentAgencyGoodsItems.${i}.casReference`, reason: `No goods item ${item.casReference} on the e-AD.` }],
      );
      if (unknown.length) throw badRequest('The request body is not valid.', unknown);
      return body;
    }
    case 'changeDestination':
      return changeDestinationBodySchema.parse(jsonBody(request));
    case 'rejectOrAlertEad':
      return rejectOrAlertEadBodySchema.parse(jsonBody(request));
    case 'delayForDelivery':
      return delayForDeliveryBodySchema.parse(jsonBody(request));
    default:
      return undefined; // submit, goodsArrived, validate, generate*: no body
  }
}

/**
 * POST /v1/declarations/{declarationId}/{segment} for every action of the routing table
 * DECLARATION_ACTIONS (generateDocument takes /{documentType}). 202 {referenceId}; 404 when the
 * declaration is absent or another tenant's; 400 for a body breaking a documented rule, an
 * unknown document type, or a Receipt Report on a movement that cannot take one.
 */
export function registerActionRoutes(app: FastifyInstance, ctx: ActionRoutesDeps, actions: ActionService): void {
  const config = { scope: 'create:messages' } as const;
  const load = async (tenantId: string, declarationId: string): Promise<DeclarationRecord> => {
    const d = await ctx.store.repos.declarations.get(tenantId, declarationId);
    if (!d) throw notFound(`Declaration ${declarationId} does not exist.`);
    return d;
  };

  for (const action of DECLARATION_ACTION_NAMES) {
    const base = `/v1/declarations/:declarationId/${DECLARATION_ACTIONS[action].segment}`;
    if (action === 'generateDocument') app.post(base, { config }, async () => Promise.reject(unknownTypeProblem(undefined)));
    app.post(action === 'generateDocument' ? `${base}/:documentType` : base, { config }, async (request, reply) => {
      const p = params.parse(request.params);
      let documentType: (typeof GENERATE_DOCUMENT_TYPES)[number] | undefined;
      if (action === 'generateDocument') {
        if (!p.documentType || !isGenerateDocumentType(p.documentType)) throw unknownTypeProblem(p.documentType);
        documentType = p.documentType;
      }
      const d = await load(request.principal.tenantId, p.declarationId);
      // Receipt Report: the specification makes the movement's state a 400 too (checked first: the body rules assume an e-AD).
      const stateRefusal = (current: DeclarationRecord): void => {
        const refusal = refusalOf('receiptReport', subjectOf(current));
        if (refusal) throw badRequest(refusal, [{ name: 'declarationId', reason: refusal }]);
      };
      if (action === 'receiptReport') stateRefusal(d);
      const body = await validatedBody(action, request, ctx, d);
      const referenceId = await ctx.store.transaction(async (tx): Promise<string> => {
        if (action !== 'receiptReport') return actions.enqueue(tx, d.id, action, body, documentType);
        // Checked again and marked pending in one transaction (the row locked), so a second report cannot slip in.
        const fresh = (await tx.declarations.lockById(d.id)) ?? d;
        stateRefusal(fresh);
        await actions.submitEmcs(tx, fresh, 'receiptReport', body);
        return randomUUID();
      });
      const accepted: ReturnOnAcceptMessage = { referenceId };
      return reply.code(202).send(accepted);
    });
  }
}
