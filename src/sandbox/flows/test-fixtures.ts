import { z } from 'zod';
import type { CustomsShipmentInput } from '../../contract/customs-shipment.js';
import { declarationSchema, declarationSearchResultSchema, type Declaration } from '../../contract/declarations.js';
import type { RunningSandbox } from '../test-support/start-sandbox.js';

/** Test helpers of the declarations part (not a test file itself). */

export function validShipment(overrides: Partial<CustomsShipmentInput> = {}): CustomsShipmentInput {
  return {
    externalReference: `T-${Math.random().toString(36).slice(2, 10)}`,
    direction: 'IN',
    storageLocationReference: 'GB-FXT-01',
    singleAdministrativeDocument: {
      declType: 'IM',
      addDeclType: 'A',
      invoiceCurrency: 'GBP',
      declarationOfficeCode: 'GB000051',
      goodsShipment: {
        consignee: { name: 'Acme Trading UK Ltd', businessPartnerReference: [{ code: 'GB123456789000', type: 'Eori' }] },
        governmentAgencyGoodsItems: [
          {
            casReference: 'A1',
            commodity: { description: 'Smartphones', classification: { id: '85171300' } },
            goodsMeasure: { gmass: 12, nmass: 10 },
            customsValue: { amount: 3200, currency: 'GBP' },
          },
          {
            casReference: 'A2',
            commodity: { description: 'Cotton T-shirts', classification: { id: '61091000' } },
            goodsMeasure: { gmass: 5, nmass: 4 },
            customsValue: { amount: 120, currency: 'GBP' },
          },
        ],
      },
    },
    ...overrides,
  };
}

/** An excise shipment (declType EAD) that the flows take to Accepted with an ARC: OUT = consignor's dispatch, IN = consignee's receipt. */
export const exciseShipment = (direction: 'IN' | 'OUT', ref = `EX-${Math.random().toString(36).slice(2, 10)}`): CustomsShipmentInput => ({
  externalReference: ref,
  direction,
  storageLocationReference: 'GB-FXT-01',
  singleAdministrativeDocument: {
    declType: 'EAD',
    declarationOfficeCode: 'GB000051',
    goodsShipment: {
      [direction === 'IN' ? 'consignee' : 'consignor']: {
        name: 'Acme Trading UK Ltd',
        businessPartnerReference: [{ code: 'GB123456789000', type: 'Eori' }],
      },
      governmentAgencyGoodsItems: [
        {
          casReference: 'A1',
          commodity: { description: 'Beer', classification: { id: '22030001' } },
          exciseGoodsItem: { exciseProductCode: 'B000', quantity: 1000 },
        },
        {
          casReference: 'A2',
          commodity: { description: 'Still wine', classification: { id: '22042109' } },
          exciseGoodsItem: { exciseProductCode: 'W200', quantity: 600 },
        },
      ],
    },
  },
});

export const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function postShipment(sb: RunningSandbox, body: unknown): Promise<string> {
  const res = await sb.call('/v1/customsshipments', json(body));
  if (res.status !== 202) throw new Error(`expected 202, got ${res.status}: ${await res.text()}`);
  return z.object({ referenceId: z.string() }).parse(await res.json()).referenceId;
}

/** Waits until no job of the declarations part is queued or running (delayed flow timers included). */
export async function settle(sb: RunningSandbox, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const pending = {
    status: ['queued', 'running'] as const,
    kinds: ['ingestion.process', 'customs.response', 'customs.release', 'declaration.change'],
  };
  while (Date.now() < until) {
    await sb.ctx.jobs.drain(timeoutMs);
    if ((await sb.ctx.store.repos.jobs.count(pending)) === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('jobs did not settle');
}

/** Waits until no job of any kind is queued or running (actions, EMCS answers and documents included). */
export async function settleAll(sb: RunningSandbox, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await sb.ctx.jobs.drain();
    if ((await sb.ctx.store.repos.jobs.count({ status: ['queued', 'running'] })) === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('jobs did not settle');
}

export async function search(sb: RunningSandbox, query: string): Promise<z.infer<typeof declarationSearchResultSchema>> {
  const res = await sb.call(`/v1/declarations/search?${query}`);
  if (res.status !== 200) throw new Error(`search ${query}: ${res.status} ${await res.text()}`);
  return declarationSearchResultSchema.parse(await res.json());
}

export async function getDeclaration(sb: RunningSandbox, id: string, include = 'errors,attachments'): Promise<Declaration> {
  const res = await sb.call(`/v1/declarations/${id}?include=${include}`);
  if (res.status !== 200) throw new Error(`get ${id}: ${res.status}`);
  return declarationSchema.parse(await res.json());
}

/** The declarations of a shipment, oldest first. */
export async function declarationsOf(sb: RunningSandbox, externalReference: string): Promise<Declaration[]> {
  const found = await search(sb, `externalReference=${encodeURIComponent(externalReference)}`);
  const all = await Promise.all(found.map((s) => getDeclaration(sb, s.declarationId)));
  return all.sort((a, b) => a.creationDate.localeCompare(b.creationDate) || a.lrn.localeCompare(b.lrn));
}

export interface StoredEvent {
  eventType: string;
  eventSubType: string;
  data: Record<string, unknown>;
}

/** The stored events (of one type), in publication order. */
export async function storedEvents(sb: RunningSandbox, eventType?: string): Promise<StoredEvent[]> {
  return sb.ctx.store.repos.events.list(eventType ? { eventType } : {});
}

/** Status subtypes of DeclarationStatusChanged for one declaration, in order. */
export const statusTrail = async (sb: RunningSandbox, declarationId: string): Promise<string[]> =>
  (await storedEvents(sb, 'DeclarationStatusChanged')).filter((e) => e.data.id === declarationId).map((e) => e.eventSubType);

/** An NL import the flows leave Validated (awaiting Submit; GB imports are submitted at once), worth `customsValue` in `currency`. */
export function nlImportShipment(customsValue = 9010, currency = 'EUR'): CustomsShipmentInput {
  const base = validShipment();
  return {
    ...base,
    storageLocationReference: 'NL-RTM-01',
    singleAdministrativeDocument: {
      ...base.singleAdministrativeDocument,
      declarationOfficeCode: 'NL000510',
      invoiceCurrency: currency,
      goodsShipment: {
        consignee: { name: 'Acme Trading BV', businessPartnerReference: [{ code: 'NL812345678', type: 'Eori' }] },
        governmentAgencyGoodsItems: [
          {
            commodity: { description: 'Laptops', classification: { id: '84713000' } },
            goodsMeasure: { gmass: 200, nmass: 180 },
            customsValue: { amount: customsValue - 10, currency },
          },
          {
            commodity: { description: 'Cables', classification: { id: '85444290' } },
            goodsMeasure: { gmass: 2, nmass: 1 },
            customsValue: { amount: 10, currency },
          },
        ],
      },
    },
  };
}
