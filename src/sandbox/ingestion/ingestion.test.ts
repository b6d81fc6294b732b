import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemSchema } from '../../contract/problem.js';
import { BODY_LIMIT_BYTES } from '../app.js';
import { declarationsOf, json, postShipment, search, settle, storedEvents, validShipment } from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { invalidParameterNames } from '../test-support/problem-names.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, timeScale: 1000 });
});
afterAll(async () => sb.close());

const shipmentInfo = async (subType: string, referenceId: string) =>
  (await storedEvents(sb, 'CustomsShipmentInformation')).filter(
    (e) => e.eventSubType === subType && z.array(z.string()).parse(e.data.ingestionReferences).includes(referenceId),
  );

describe('POST /v1/customsshipments: structure', () => {
  it('answers 202 with a uuid referenceId and creates the declaration in the background', async () => {
    const body = validShipment();
    const res = await sb.call('/v1/customsshipments', json(body));
    expect(res.status).toBe(202);
    const { referenceId } = z.object({ referenceId: z.uuid() }).parse(await res.json());
    expect(referenceId).toBeTruthy();
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    expect(d).toMatchObject({
      direction: 'IN',
      customsFlow: 'GB Import',
      customsFlowStep: 'H1 Import',
      jurisdiction: 'GB',
      storageLocation: 'GB-FXT-01',
      currentStatus: 'Released',
    });
    expect(d?.lrn).toMatch(/^CAS\d{2}GB\d{9}$/);
    expect(d?.mrn).toMatch(/^\d{2}GB[0-9A-Z]{14}$/);
  });

  it('answers 400 with invalid-parameters for malformed JSON and wrong types', async () => {
    const malformed = await sb.call('/v1/customsshipments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"externalReference": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toContain('application/problem+json');
    const p1 = problemSchema.parse(await malformed.json());
    expect(p1['invalid-parameters']?.[0]?.name).toBe('(body)');

    const wrongTypes = await sb.call(
      '/v1/customsshipments',
      json({
        ...validShipment(),
        direction: 'SIDEWAYS',
        singleAdministrativeDocument: { goodsShipment: { governmentAgencyGoodsItems: [{ goodsMeasure: { gmass: 'heavy' } }] } },
      }),
    );
    expect(wrongTypes.status).toBe(400);
    const p2 = problemSchema.parse(await wrongTypes.json());
    const names = p2['invalid-parameters']?.map((p) => p.name) ?? [];
    expect(names).toContain('direction');
    expect(names).toContain('singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.0.goodsMeasure.gmass');
    expect(p2).toMatchObject({ status: 400, instance: '/v1/customsshipments' });

    const missing = await sb.call('/v1/customsshipments', json({ direction: 'IN' }));
    expect(missing.status).toBe(400);
    expect(problemSchema.parse(await missing.json())['invalid-parameters']?.map((p) => p.name)).toContain('externalReference');
  });

  it('answers 415 for content types other than JSON and XML', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const res = await sb.call('/v1/customsshipments', { method: 'POST', headers: { 'content-type': type }, body: 'direction=IN' });
      expect(res.status, type).toBe(415);
      expect(problemSchema.parse(await res.json()).status).toBe(415);
    }
  });

  it(`answers 413 above the body limit (${BODY_LIMIT_BYTES} bytes)`, async () => {
    const big = JSON.stringify({ ...validShipment(), padding: 'x'.repeat(BODY_LIMIT_BYTES) });
    const res = await sb.call('/v1/customsshipments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(problemSchema.parse(await res.json()).status).toBe(413);
  });

  it('requires the create:messages scope', async () => {
    const res = await sb.call('/v1/customsshipments', { ...json(validShipment()), clientId: 'reader-acc' });
    expect(res.status).toBe(403);
  });
});

describe('XML ingestion', () => {
  it('accepts a customs shipment as application/xml (wrapper collections, numbers) and replies in XML when asked', async () => {
    const ref = `XML-${Date.now()}`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<CustomsShipment>
  <externalReference>${ref}</externalReference>
  <direction>IN</direction>
  <storageLocationReference>NL-RTM-01</storageLocationReference>
  <singleAdministrativeDocument>
    <declType>IM</declType><addDeclType>A</addDeclType><invoiceCurrency>EUR</invoiceCurrency>
    <declarationOfficeCode>NL000510</declarationOfficeCode>
    <goodsShipment>
      <consignee><businessPartnerReference><code>NL812345678</code><type>Eori</type></businessPartnerReference></consignee>
      <governmentAgencyGoodsItems>
        <governmentAgencyGoodsItem>
          <casReference>X1</casReference>
          <commodity><description>Roasted coffee</description><classification><id>09012100</id></classification></commodity>
          <goodsMeasure><gmass>110</gmass><nmass>100.5</nmass></goodsMeasure>
          <customsValue><amount>1200</amount><currency>EUR</currency></customsValue>
        </governmentAgencyGoodsItem>
        <governmentAgencyGoodsItem>
          <commodity><description>Feta</description><classification><id>04069032</id></classification></commodity>
          <goodsMeasure><gmass>22</gmass><nmass>20</nmass></goodsMeasure>
        </governmentAgencyGoodsItem>
      </governmentAgencyGoodsItems>
    </goodsShipment>
  </singleAdministrativeDocument>
</CustomsShipment>`;
    const res = await sb.call('/v1/customsshipments', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', accept: 'application/xml' },
      body: xml,
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(await res.text()).toMatch(/<ReturnOnAcceptMessage><referenceId>[0-9a-f-]{36}<\/referenceId><\/ReturnOnAcceptMessage>/);
    await settle(sb);
    const [d] = await declarationsOf(sb, ref);
    expect(d).toMatchObject({ customsFlow: 'NL Import', customsFlowStep: 'Import', currentStatus: 'Validated', errors: [] });
    const items = d?.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ casReference: 'X1', goodsMeasure: { gmass: 110, nmass: 100.5 } });
    expect(items[1]?.casReference).toBe('2');
  });

  it('answers 400 with invalid-parameters for malformed XML (text/xml too)', async () => {
    const res = await sb.call('/v1/customsshipments', {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<CustomsShipment><direction>IN</CustomsShipment>',
    });
    expect(res.status).toBe(400);
    expect(problemSchema.parse(await res.json())['invalid-parameters']?.[0]?.name).toBe('(body)');
  });
});

describe('message types', () => {
  it('New twice creates no second flow but a DuplicateShipment notification', async () => {
    const body = validShipment({ messageType: 'New' });
    await postShipment(sb, body);
    await settle(sb);
    const second = await postShipment(sb, body);
    await settle(sb);
    expect(await declarationsOf(sb, body.externalReference)).toHaveLength(1);
    const [dup] = await shipmentInfo('DuplicateShipment', second);
    expect(dup?.data).toMatchObject({
      tenantId: 't-acc-001',
      ingestionReferences: [second],
      businessReference: body.externalReference,
      traderReference: body.externalReference,
      direction: 'IN',
    });
  });

  it('messageType defaults to New', async () => {
    const body = validShipment();
    delete body.messageType;
    await postShipment(sb, body);
    const second = await postShipment(sb, body);
    await settle(sb);
    expect(await shipmentInfo('DuplicateShipment', second)).toHaveLength(1);
  });

  it('Upsert creates, is idempotent for the same data, and updates (restarts) with changed data', async () => {
    const body = validShipment({ messageType: 'Upsert', externalReference: `UPS-HOLD-${Date.now()}` });
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, declarationOfficeCode: null };
    await postShipment(sb, body);
    await settle(sb);
    const [first] = await declarationsOf(sb, body.externalReference);
    expect(first?.currentStatus).toBe('Invalid');
    const eventsBefore = (await storedEvents(sb)).length;

    await postShipment(sb, body);
    await settle(sb);
    const again = await declarationsOf(sb, body.externalReference);
    expect(again).toHaveLength(1);
    expect(again[0]?.lastUpdated).toBe(first?.lastUpdated);
    expect((await storedEvents(sb)).length).toBe(eventsBefore);

    const fixed = validShipment({ messageType: 'Upsert', externalReference: body.externalReference });
    await postShipment(sb, fixed);
    await settle(sb);
    const [after] = await declarationsOf(sb, body.externalReference);
    expect(after?.declarationId).toBe(first?.declarationId);
    expect(after?.currentStatus).toBe('Submitted'); // HOLD: customs keeps it Submitted
    expect(after?.errors).toEqual([]);
  });

  it('Replace before acceptance restarts the flow and emits ReplaceSuccessful with ingestionReferences', async () => {
    const body = validShipment({ externalReference: `RPL-${Date.now()}` });
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, addDeclType: null };
    await postShipment(sb, body);
    await settle(sb);
    const [before] = await declarationsOf(sb, body.externalReference);
    expect(before?.currentStatus).toBe('Invalid');
    const replaceRef = await postShipment(sb, validShipment({ externalReference: body.externalReference, messageType: 'Replace' }));
    await settle(sb);
    const [after] = await declarationsOf(sb, body.externalReference);
    expect(after?.declarationId).toBe(before?.declarationId);
    expect(after?.lrn).not.toBe(before?.lrn);
    expect(after?.currentStatus).toBe('Released');
    const [ok] = await shipmentInfo('ReplaceSuccessful', replaceRef);
    expect(ok?.data).toMatchObject({
      ingestionReferences: [replaceRef],
      businessReference: body.externalReference,
      traderReference: body.externalReference,
      direction: 'IN',
    });
  });

  it('Replace after acceptance is refused with ReplaceUnsuccessful (ingestionReferences, errorDescriptions)', async () => {
    const body = validShipment({ externalReference: `RPL-LATE-${Date.now()}` });
    await postShipment(sb, body);
    await settle(sb);
    const [released] = await declarationsOf(sb, body.externalReference);
    expect(released?.currentStatus).toBe('Released');
    const replaceRef = await postShipment(sb, { ...body, messageType: 'Replace' });
    await settle(sb);
    const [refused] = await shipmentInfo('ReplaceUnsuccessful', replaceRef);
    expect(refused?.data).toMatchObject({
      tenantId: 't-acc-001',
      ingestionReferences: [replaceRef],
      businessReference: body.externalReference,
      direction: 'IN',
    });
    expect(z.array(z.string()).parse(refused?.data.errorDescriptions)[0]).toContain('Released');
    const [still] = await declarationsOf(sb, body.externalReference);
    expect(still?.lrn).toBe(released?.lrn);
  });

  it('Update corrects the declarations selectively (items merged by casReference)', async () => {
    const body = validShipment({ externalReference: `UPD-${Date.now()}` });
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, invoiceCurrency: 'XXY' };
    await postShipment(sb, body);
    await settle(sb);
    const [invalid] = await declarationsOf(sb, body.externalReference);
    expect(invalid?.errors?.map((e) => e.errorCode)).toContain('V1021');
    await postShipment(sb, {
      externalReference: body.externalReference,
      direction: 'IN',
      messageType: 'Update',
      singleAdministrativeDocument: {
        invoiceCurrency: 'GBP',
        goodsShipment: { governmentAgencyGoodsItems: [{ casReference: 'A1', goodsMeasure: { nmass: 9 } }] },
      },
    });
    await settle(sb);
    const [updated] = await declarationsOf(sb, body.externalReference);
    expect(updated?.currentStatus).toBe('Validated');
    expect(updated?.singleAdministrativeDocument.invoiceCurrency).toBe('GBP');
    expect(updated?.singleAdministrativeDocument.declarationOfficeCode).toBe('GB000051');
    const items = updated?.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems ?? [];
    expect(items.map((i) => i.casReference)).toEqual(['A1']);
    expect(items[0]?.goodsMeasure).toEqual({ gmass: 12, nmass: 9 });
  });

  it('a shipment without a configured flow ends in CreationUnsuccessful', async () => {
    const body = validShipment({ externalReference: `NOFLOW-${Date.now()}` });
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, declarationOfficeCode: 'IT223100' };
    const ref = await postShipment(sb, body);
    await settle(sb);
    expect(await declarationsOf(sb, body.externalReference)).toHaveLength(0);
    const [failed] = await shipmentInfo('CreationUnsuccessful', ref);
    expect(z.array(z.string()).parse(failed?.data.errorDescriptions)[0]).toContain('IT');
  });
});

describe('master data ingestion and deductions', () => {
  it('stores business partners and articles (JSON and XML, XML reply) and uses them for missing consignee and commodity code', async () => {
    const partners = await sb.call(
      '/v1/businesspartners',
      json({
        businessPartners: [
          {
            businessPartnerCode: 'BP-IE-1',
            name: 'Green Isle Ltd',
            eori: 'IE9876543W',
            roles: ['Consignee'],
            storageLocationReferences: ['IE-DUB-01'],
          },
        ],
      }),
    );
    expect(partners.status).toBe(202);
    const articlesXml = `<articleDataItems><articleDataItem><itemId>SKU-XML-1</itemId><description>Porcelain tableware</description><commodityCode>69111000</commodityCode><netMass>2.5</netMass></articleDataItem></articleDataItems>`;
    const articles = await sb.call('/v1/articledataitems', {
      method: 'POST',
      headers: { 'content-type': 'text/xml', accept: 'application/xml' },
      body: articlesXml,
    });
    expect(articles.status).toBe(202);
    expect(await articles.text()).toContain('<referenceId>');
    const badArticles = await sb.call('/v1/articledataitems', json([{ description: 'no itemId' }]));
    expect(badArticles.status).toBe(400);
    // The problem names the element's field, for the bare list and the wrapped one alike.
    const names = invalidParameterNames;
    expect(await names(badArticles)).toEqual(['0.itemId']);
    expect(
      await names(
        await sb.call('/v1/businesspartners', json({ businessPartners: [{ businessPartnerCode: 'BP-1' }, { name: 'no code' }] })),
      ),
    ).toEqual(['businessPartners.1.businessPartnerCode']);
    await settle(sb);

    const ref = `DED-${Date.now()}`;
    await postShipment(sb, {
      externalReference: ref,
      direction: 'IN',
      storageLocationReference: 'IE-DUB-01',
      singleAdministrativeDocument: {
        declType: 'IM',
        addDeclType: 'A',
        invoiceCurrency: 'EUR',
        declarationOfficeCode: 'IEDUB100',
        goodsShipment: { governmentAgencyGoodsItems: [{ commodity: { itemId: 'SKU-XML-1' }, goodsMeasure: { gmass: 30, nmass: 25 } }] },
      },
    });
    await settle(sb);
    const [d] = await declarationsOf(sb, ref);
    expect(d).toMatchObject({ customsFlow: 'IE Import', currentStatus: 'Released', errors: [] });
    expect(d?.singleAdministrativeDocument.goodsShipment.consignee).toMatchObject({
      name: 'Green Isle Ltd',
      businessPartnerReference: [{ code: 'IE9876543W', type: 'Eori' }],
    });
    expect(d?.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[0]?.commodity).toMatchObject({
      classification: { id: '69111000' },
      description: 'Porcelain tableware',
    });
  });
});

describe('durability and throughput', () => {
  it('a message accepted with 202 survives a stop before processing and is processed after the restart', async () => {
    const first = await startSandbox({ seed: false, timeScale: 1000 });
    await first.ctx.jobs.stop(); // nothing runs: the job stays queued on disk
    const body = validShipment();
    const referenceId = await postShipment(first, body);
    await first.stop();

    const second = await startSandbox({ dataDir: first.dataDir, seed: false, timeScale: 1000 });
    try {
      await settle(second);
      const [d] = await declarationsOf(second, body.externalReference);
      expect(d?.currentStatus).toBe('Released');
      expect((await second.ctx.store.repos.ingestHistory.message(referenceId))?.outcome).toBe('Processed');
    } finally {
      await second.close();
      const { rmSync } = await import('node:fs');
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  it('1,000 shipments posted concurrently all become declarations', async () => {
    const prefix = `BULK-${Date.now()}-`;
    // 1,000 requests in flight from a pool of 100 concurrent clients (the test client shares the process).
    const results: number[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < 1000) {
        const i = next++;
        const res = await sb.call('/v1/customsshipments', json(validShipment({ externalReference: `${prefix}${i}-HOLD` })));
        results.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 100 }, worker));
    expect(results).toHaveLength(1000);
    expect(results.every((s) => s === 202)).toBe(true);
    await settle(sb, 60_000);
    const submitted: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await search(sb, `currentStatus=Submitted&offset=${offset}`);
      submitted.push(...page.map((d) => d.externalReference).filter((ref) => ref.startsWith(prefix)));
      if (page.length < 100) break;
    }
    expect(new Set(submitted).size).toBe(1000);
    expect(submitted).toHaveLength(1000);
  }, 90_000);
});
