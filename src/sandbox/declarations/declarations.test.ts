import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declarationGoodsItemSchema, declarationSchema, type DeclarationSummary } from '../../contract/declarations.js';
import { problemSchema } from '../../contract/problem.js';
import { statusInfo } from '../../contract/declaration-statuses.js';
import {
  declarationsOf,
  getDeclaration,
  json,
  postShipment,
  search,
  settle,
  statusTrail,
  storedEvents,
  validShipment,
} from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

/** These tests use the seed data set (tenant t-acc-001) plus their own shipments. */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ timeScale: 1000 });
});
afterAll(async () => sb.close());

const problemOf = async (res: Response) => problemSchema.parse(await res.json());

/** Every declaration of the tenant through the search endpoint, page by page. */
async function allDeclarations(): Promise<DeclarationSummary[]> {
  const all: DeclarationSummary[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await search(sb, offset ? `offset=${offset}` : '');
    all.push(...page);
    if (page.length < 100) return all;
  }
}

describe('seed data', () => {
  it('holds a few hundred declarations across jurisdictions and statuses, deterministic ids, 1 to 999 goods items', async () => {
    const seeded = await allDeclarations();
    expect(seeded.length).toBeGreaterThan(300);
    const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
    expect(sorted(seeded.map((d) => d.jurisdiction))).toEqual(['BE', 'DE', 'FR', 'GB', 'IE', 'NL']);
    // Alerted … Rejected: the declaration actions' showcase (src/sandbox/actions/README.md)
    expect(sorted(seeded.map((d) => d.currentStatus))).toEqual([
      'Accepted',
      'Alerted',
      'Cancelled',
      'CustomsError',
      'Delivered',
      'ExitConfirmed',
      'Invalid',
      'Invalidated',
      'PartiallyRefused',
      'Refused',
      'Rejected',
      'Released',
      'Submitted',
      'Validated',
    ]);
    const itemCounts = await Promise.all(seeded.map(async (d) => (await sb.ctx.store.repos.declarations.items(d.declarationId)).length));
    expect(Math.max(...itemCounts)).toBe(999);
    expect(Math.min(...itemCounts)).toBeGreaterThanOrEqual(1);
    const invalid = await search(sb, 'currentStatus=Invalid&limit=5');
    const withErrors = await getDeclaration(sb, invalid[0]?.declarationId ?? '', 'errors');
    expect(withErrors.errors?.length).toBeGreaterThanOrEqual(2);
    expect(withErrors.errors?.every((e) => e.errorCode.startsWith('V'))).toBe(true);
    const excise = seeded.find((d) => d.arc !== null && d.currentStatus === 'Accepted');
    expect(excise?.arc).toHaveLength(21);
    expect(seeded.filter((d) => d.customsFlowStep === 'Pre-lodge' && d.currentStatus === 'Accepted').length).toBeGreaterThan(0);
    expect(await storedEvents(sb)).toHaveLength(0); // seeding publishes nothing

    const res = await sb.control(`/_sandbox/reset`, { method: 'POST' });
    expect(res.status).toBe(204);
    expect((await allDeclarations()).map((d) => d.declarationId)).toEqual(seeded.map((d) => d.declarationId));
  });

  it('uses only statuses of the status table (contract/declaration-statuses.ts)', async () => {
    const outside = (await allDeclarations()).map((d) => d.currentStatus).filter((status) => !statusInfo(status));
    expect(outside).toEqual([]);
  });

  it('seeded Released declarations pass validation', async () => {
    const released = await search(sb, 'currentStatus=Released&limit=40');
    expect(released).toHaveLength(40);
    for (const { declarationId } of released) {
      const errors = await sb.ctx.store.transaction(async (tx) => {
        const d = await tx.declarations.getById(declarationId);
        if (!d) throw new Error('missing');
        return sb.ctx.declarations.flows.validate(tx, d);
      });
      expect(errors).toEqual([]);
    }
  });
});

describe('GET /v1/declarations/search', () => {
  it('pages with limit 100 by default, a shorter last page, and a stable order (creationDate desc, then id)', async () => {
    const total = await sb.ctx.store.repos.declarations.count('t-acc-001');
    const pages: string[][] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await search(sb, offset ? `offset=${offset}` : '');
      pages.push(page.map((d) => d.declarationId));
      expect(page.length).toBeLessThanOrEqual(100);
      if (page.length < 100) break;
    }
    const all = pages.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(pages[pages.length - 1]?.length).toBe(total % 100);
    const again = (await search(sb, 'limit=50&offset=50')).map((d) => d.declarationId);
    expect(again).toEqual(all.slice(50, 100));
    const page = await search(sb, 'limit=100');
    for (let i = 1; i < page.length; i++) {
      const a = page[i - 1];
      const b = page[i];
      if (!a || !b) continue;
      expect(a.creationDate > b.creationDate || (a.creationDate === b.creationDate && a.declarationId < b.declarationId)).toBe(true);
    }
  });

  it('refuses limit above 100 and an offset not divisible by limit with 400 invalid-parameters', async () => {
    const tooMany = await sb.call('/v1/declarations/search?limit=101');
    expect(tooMany.status).toBe(400);
    expect((await problemOf(tooMany))['invalid-parameters']?.[0]?.name).toBe('limit');
    const odd = await sb.call('/v1/declarations/search?limit=20&offset=30');
    expect(odd.status).toBe(400);
    const p = await problemOf(odd);
    expect(p['invalid-parameters']).toEqual([{ name: 'offset', reason: 'offset must be divisible by limit (20)' }]);
    const defaultLimit = await sb.call('/v1/declarations/search?offset=50');
    expect(defaultLimit.status).toBe(400);
    expect((await sb.call('/v1/declarations/search?limit=abc')).status).toBe(400);
    expect((await sb.call('/v1/declarations/search?creationDateFrom=yesterday')).status).toBe(400);
  });

  it('filters by repeated currentStatus, jurisdiction, customsFlowStep and storageLocation, by single fields, and by date ranges', async () => {
    const both = await search(sb, 'currentStatus=Invalid&currentStatus=CustomsError&jurisdiction=GB&jurisdiction=NL');
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((d) => ['Invalid', 'CustomsError'].includes(d.currentStatus) && ['GB', 'NL'].includes(d.jurisdiction))).toBe(true);
    expect(new Set(both.map((d) => d.currentStatus)).size).toBe(2);
    const steps = await search(sb, 'customsFlowStep=Exit&customsFlowStep=Pre-lodge');
    expect(new Set(steps.map((d) => d.customsFlowStep))).toEqual(new Set(['Exit', 'Pre-lodge']));
    const locations = await search(sb, 'storageLocation=NL-RTM-01&storageLocation=BE-ANR-01');
    expect(new Set(locations.map((d) => d.storageLocation))).toEqual(new Set(['NL-RTM-01', 'BE-ANR-01']));

    const one = both[0];
    if (!one) throw new Error('none');
    expect((await search(sb, `lrn=${one.lrn}`)).map((d) => d.declarationId)).toEqual([one.declarationId]);
    const byRef = await search(sb, `externalReference=${one.externalReference}&direction=${one.direction}`);
    expect(byRef.map((d) => d.declarationId)).toContain(one.declarationId);
    const withMrn = (await search(sb, 'currentStatus=Released&limit=1'))[0];
    expect((await search(sb, `mrn=${withMrn?.mrn ?? ''}`))[0]?.declarationId).toBe(withMrn?.declarationId);
    const withArc = (await allDeclarations()).find((d) => d.arc !== null);
    expect((await search(sb, `arc=${withArc?.arc ?? ''}`))[0]?.declarationId).toBe(withArc?.declarationId);
    expect((await search(sb, `ucr=${one.ucr ?? ''}`)).map((d) => d.declarationId)).toContain(one.declarationId);
    expect((await search(sb, `shipTo=US&direction=OUT`)).every((d) => d.shipTo === 'US')).toBe(true);
    expect((await search(sb, `customsFlow=NL Import`)).every((d) => d.customsFlow === 'NL Import')).toBe(true);

    const day = one.creationDate.slice(0, 10);
    const sameDay = await search(sb, `creationDateFrom=${day}&creationDateTo=${day}`);
    expect(sameDay.every((d) => d.creationDate.startsWith(day))).toBe(true);
    expect(sameDay.map((d) => d.declarationId)).toContain(one.declarationId);
    const exact = await search(
      sb,
      `creationDateFrom=${encodeURIComponent(one.creationDate)}&creationDateTo=${encodeURIComponent(one.creationDate)}`,
    );
    expect(exact.map((d) => d.declarationId)).toContain(one.declarationId);
    const future = await search(sb, 'lastUpdatedFrom=2999-01-01T00:00:00Z');
    expect(future).toEqual([]);
    const accepted = await search(sb, 'declarationDateFrom=2000-01-01&currentStatus=Released');
    expect(accepted.every((d) => d.declarationDate !== null)).toBe(true);
  });

  it('shows only the tenant of the token, and needs read:declarations', async () => {
    expect(await search(sb, '')).not.toHaveLength(0);
    const other = await sb.call('/v1/declarations/search', { clientId: 'noclass-acc' });
    expect(z.array(z.unknown()).parse(await other.json())).toEqual([]);
    const reader = await sb.call('/v1/declarations/search?limit=1', { clientId: 'reader-acc' });
    expect(reader.status).toBe(200);
  });
});

describe('GET /v1/declarations/{id}', () => {
  it('returns errors and attachments only when included (comma-separated or repeated), 404 when absent or another tenant', async () => {
    const [invalid] = await search(sb, 'currentStatus=Invalid&limit=1');
    const id = invalid?.declarationId ?? '';
    const plain = declarationSchema.parse(await (await sb.call(`/v1/declarations/${id}`)).json());
    expect(plain.errors).toBeUndefined();
    expect(plain.attachments).toBeUndefined();
    expect(plain.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.length).toBeGreaterThan(0);
    const errorsOnly = declarationSchema.parse(await (await sb.call(`/v1/declarations/${id}?include=errors`)).json());
    expect(errorsOnly.errors?.length).toBeGreaterThan(0);
    expect(errorsOnly.attachments).toBeUndefined();
    const both = declarationSchema.parse(await (await sb.call(`/v1/declarations/${id}?include=errors,attachments`)).json());
    expect(both.attachments).toEqual([]);
    const repeated = declarationSchema.parse(await (await sb.call(`/v1/declarations/${id}?include=errors&include=attachments`)).json());
    expect(repeated.errors).toEqual(both.errors);
    expect(repeated.attachments).toEqual([]);
    expect((await sb.call(`/v1/declarations/${id}?include=nonsense`)).status).toBe(400);

    const missing = await sb.call('/v1/declarations/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await problemOf(missing)).status).toBe(404);
    expect((await sb.call(`/v1/declarations/${id}`, { clientId: 'noclass-acc' })).status).toBe(404);
  });
});

describe('PATCH /v1/declarations/{id} and goods items', () => {
  async function invalidDeclaration() {
    const body = validShipment();
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, addDeclType: null };
    const items = body.singleAdministrativeDocument.goodsShipment?.governmentAgencyGoodsItems ?? [];
    body.singleAdministrativeDocument.goodsShipment = {
      ...body.singleAdministrativeDocument.goodsShipment,
      governmentAgencyGoodsItems: [
        ...items,
        {
          casReference: 'A3',
          commodity: { description: 'Bolts', classification: { id: '73181595' } },
          goodsMeasure: { gmass: 1, nmass: 1 },
        },
      ],
    };
    await postShipment(sb, body);
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    if (!d) throw new Error('no declaration');
    expect(d.currentStatus).toBe('Invalid');
    return d;
  }
  const patch = (id: string, body: unknown) => sb.call(`/v1/declarations/${id}`, json(body, 'PATCH'));
  const itemsOf = async (id: string) =>
    (await getDeclaration(sb, id)).singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;

  it('merges goods items by casReference: partial update, add without or with unknown casReference, remove when omitted; re-validates', async () => {
    const d = await invalidDeclaration();
    const res = await patch(d.declarationId, {
      singleAdministrativeDocument: {
        addDeclType: 'A',
        goodsShipment: {
          governmentAgencyGoodsItems: [
            { casReference: 'A1', goodsMeasure: { nmass: 7 } },
            { commodity: { description: 'Laptops', classification: { id: '84713000' } }, goodsMeasure: { gmass: 3, nmass: 2 } },
            { casReference: 'NEW-7', commodity: { description: 'Monitors', classification: { id: '85285210' } } },
          ],
        },
      },
    });
    expect(res.status).toBe(202);
    expect(z.object({ referenceId: z.uuid() }).parse(await res.json())).toBeTruthy();
    await settle(sb);
    const after = await getDeclaration(sb, d.declarationId);
    expect(after.currentStatus).toBe('Validated');
    expect(after.errors).toEqual([]);
    expect(after.singleAdministrativeDocument.declarationOfficeCode).toBe('GB000051');
    const items = after.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;
    expect(items.map((i) => i.casReference)).toEqual(['A1', '2', 'NEW-7']);
    expect(items[0]).toMatchObject({
      commodity: { description: 'Smartphones', classification: { id: '85171300' } },
      goodsMeasure: { gmass: 12, nmass: 7 },
      sequenceNumber: 1,
    });
    const before = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;
    expect(items[0]?.governmentAgencyGoodsItemId).toBe(before[0]?.governmentAgencyGoodsItemId);
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Invalid', 'Validated']);
    const finished = (await storedEvents(sb, 'DeclarationActionFinished')).filter((e) => e.data.id === d.declarationId);
    expect(finished.map((e) => e.eventSubType)).toEqual(['HeaderUpdateSuccessful']);
  });

  it('keeps all goods items when the array is left out, and a change failing validation moves to Invalid', async () => {
    const d = await invalidDeclaration();
    await patch(d.declarationId, { singleAdministrativeDocument: { addDeclType: 'A' } });
    await settle(sb);
    expect((await itemsOf(d.declarationId)).map((i) => i.casReference)).toEqual(['A1', 'A2', 'A3']);
    expect((await getDeclaration(sb, d.declarationId)).currentStatus).toBe('Validated');
    await patch(d.declarationId, { goodsShipment: { governmentAgencyGoodsItems: [{ casReference: 'A2', goodsMeasure: { nmass: 50 } }] } });
    await settle(sb);
    const after = await getDeclaration(sb, d.declarationId);
    expect(after.currentStatus).toBe('Invalid');
    expect(after.errors?.map((e) => e.errorCode)).toEqual(['V1044']);
    expect(after.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.map((i) => i.casReference)).toEqual(['A2']);
  });

  it('refuses edits after submission with DeclarationActionFinished / HeaderUpdateUnsuccessful and a reason', async () => {
    const [released] = await search(sb, 'currentStatus=Released&limit=1');
    const id = released?.declarationId ?? '';
    const res = await patch(id, { singleAdministrativeDocument: { invoiceCurrency: 'CHF' } });
    expect(res.status).toBe(202);
    await settle(sb);
    const [refused] = (await storedEvents(sb, 'DeclarationActionFinished')).filter((e) => e.data.id === id);
    expect(refused?.eventSubType).toBe('HeaderUpdateUnsuccessful');
    expect(refused?.data).toMatchObject({ id, action: 'update', lrn: released?.lrn });
    expect(String(refused?.data.reason)).toContain('Released');
    expect((await getDeclaration(sb, id)).singleAdministrativeDocument.invoiceCurrency).not.toBe('CHF');
  });

  it('validates PATCH bodies (400), content type (415) and existence (404)', async () => {
    const d = await invalidDeclaration();
    expect(
      (await patch(d.declarationId, { singleAdministrativeDocument: { goodsShipment: { governmentAgencyGoodsItems: 'none' } } })).status,
    ).toBe(400);
    expect(
      (
        await sb.call(`/v1/declarations/${d.declarationId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/xml' },
          body: '<a/>',
        })
      ).status,
    ).toBe(415);
    expect((await patch('00000000-0000-4000-8000-000000000000', {})).status).toBe(404);
  });

  it('reads, adds, updates and deletes one goods item (202), allowed before submission or after a customs rejection', async () => {
    const d = await invalidDeclaration();
    const [first] = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;
    const itemId = first?.governmentAgencyGoodsItemId ?? '';
    const read = await sb.call(`/v1/declarations/${d.declarationId}/items/${itemId}`);
    expect(read.status).toBe(200);
    expect(declarationGoodsItemSchema.parse(await read.json())).toMatchObject({
      casReference: 'A1',
      governmentAgencyGoodsItemId: itemId,
      sequenceNumber: 1,
    });
    expect((await sb.call(`/v1/declarations/${d.declarationId}/items/nope`)).status).toBe(404);

    const added = await sb.call(
      `/v1/declarations/${d.declarationId}/items`,
      json({ commodity: { description: 'Toys', classification: { id: '95030070' } }, goodsMeasure: { gmass: 2, nmass: 1 } }),
    );
    expect(added.status).toBe(202);
    const updated = await sb.call(`/v1/declarations/${d.declarationId}/items/${itemId}`, json({ customsValue: { amount: 999 } }, 'PATCH'));
    expect(updated.status).toBe(202);
    const second = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[1]?.governmentAgencyGoodsItemId ?? '';
    const deleted = await sb.call(`/v1/declarations/${d.declarationId}/items/${second}`, { method: 'DELETE' });
    expect(deleted.status).toBe(202);
    await settle(sb);
    const items = await itemsOf(d.declarationId);
    expect(items.map((i) => i.casReference)).toEqual(['A1', 'A3', '4']);
    expect(items[0]?.customsValue).toEqual({ amount: 999, currency: 'GBP' });
    const subTypes = (await storedEvents(sb, 'DeclarationActionFinished'))
      .filter((e) => e.data.id === d.declarationId)
      .map((e) => e.eventSubType);
    expect(subTypes).toEqual(['GoodsItemCreateSuccessful', 'GoodsItemUpdateSuccessful', 'GoodsItemDeleteSuccessful']);
    expect((await getDeclaration(sb, d.declarationId)).currentStatus).toBe('Invalid'); // addDeclType still missing

    const bad = await sb.call(`/v1/declarations/${d.declarationId}/items/${itemId}`, json({ goodsMeasure: { nmass: 'lots' } }, 'PATCH'));
    expect(bad.status).toBe(400);
    const failing = await sb.call(
      `/v1/declarations/${d.declarationId}/items/${itemId}`,
      json({ commodity: { classification: { id: '12345678' } } }, 'PATCH'),
    );
    expect(failing.status).toBe(202);
    await settle(sb);
    expect((await getDeclaration(sb, d.declarationId)).errors?.map((e) => e.errorCode)).toContain('V1042');

    const [customsError] = await search(sb, 'currentStatus=CustomsError&limit=1');
    const ceItems = (await getDeclaration(sb, customsError?.declarationId ?? '')).singleAdministrativeDocument.goodsShipment
      .governmentAgencyGoodsItems;
    await sb.call(
      `/v1/declarations/${customsError?.declarationId ?? ''}/items/${ceItems[0]?.governmentAgencyGoodsItemId ?? ''}`,
      json({ packaging: [{ type: 'CT', quantity: 3 }] }, 'PATCH'),
    );
    const [released] = await search(sb, 'currentStatus=Released&limit=1&offset=1');
    const relItems = (await getDeclaration(sb, released?.declarationId ?? '')).singleAdministrativeDocument.goodsShipment
      .governmentAgencyGoodsItems;
    await sb.call(`/v1/declarations/${released?.declarationId ?? ''}/items/${relItems[0]?.governmentAgencyGoodsItemId ?? ''}`, {
      method: 'DELETE',
    });
    await settle(sb);
    expect((await getDeclaration(sb, customsError?.declarationId ?? '')).currentStatus).toBe('Validated');
    const refusal = (await storedEvents(sb, 'DeclarationActionFinished')).find((e) => e.data.id === released?.declarationId);
    expect(refusal?.eventSubType).toBe('GoodsItemDeleteUnsuccessful');
    expect((await itemsOf(released?.declarationId ?? '')).length).toBe(relItems.length);
  });
});
