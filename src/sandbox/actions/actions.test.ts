import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CustomsShipmentInput } from '../../contract/customs-shipment.js';
import { DECLARATION_ACTION_NAMES, DECLARATION_ACTIONS, GENERATE_DOCUMENT_TYPES } from '../../contract/declaration-actions.js';
import { problemSchema } from '../../contract/problem.js';
import {
  declarationsOf,
  exciseShipment,
  getDeclaration,
  json,
  postShipment,
  search,
  settleAll,
  statusTrail,
  storedEvents,
  validShipment,
  type StoredEvent,
} from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { isHistoryReference } from '../declarations/declarations-history-seed.js';

/** Real HTTP against a sandbox without seed data; every delay is near zero (timeScale). */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, timeScale: 1_000_000 });
});
afterAll(async () => sb.close());

/** Asymmetric matchers typed as unknown (vitest types them as any). */
const containing = (text: string): unknown => expect.stringContaining(text);
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

const referenceBody = z.object({ referenceId: z.uuid() });
const problemOf = async (res: Response) => problemSchema.parse(await res.json());

const settle = (target: RunningSandbox = sb): Promise<void> => settleAll(target);

/** Posts a shipment and returns its (first) declaration once the flow has settled. */
async function declare(body: CustomsShipmentInput) {
  await postShipment(sb, body);
  await settle();
  const [d] = await declarationsOf(sb, body.externalReference ?? '');
  if (!d) throw new Error(`no declaration for ${body.externalReference ?? ''}`);
  return d;
}

async function act(id: string, segment: string, body?: unknown): Promise<Response> {
  return sb.call(`/v1/declarations/${id}/${segment}`, body === undefined ? { method: 'POST' } : json(body));
}

/** Runs an action to completion: 202 with a referenceId, then the jobs settle. */
async function run(id: string, segment: string, body?: unknown): Promise<void> {
  const res = await act(id, segment, body);
  expect(res.status, await res.clone().text()).toBe(202);
  referenceBody.parse(await res.json());
  await settle();
}

const finished = async (id: string, action: string): Promise<StoredEvent[]> =>
  (await storedEvents(sb, 'DeclarationActionFinished')).filter((e) => e.data.id === id && e.data.action === action);
const lastFinished = async (id: string, action: string): Promise<StoredEvent | undefined> => (await finished(id, action)).at(-1);

const excise = exciseShipment;

const exportShipment = (destinationCountry = 'US'): CustomsShipmentInput => ({
  ...validShipment({ direction: 'OUT' }),
  singleAdministrativeDocument: {
    declType: 'EX',
    addDeclType: 'A',
    invoiceCurrency: 'GBP',
    declarationOfficeCode: 'GB000051',
    goodsShipment: {
      consignor: { businessPartnerReference: [{ code: 'GB123456789000', type: 'Eori' }] },
      destinationCountry,
      governmentAgencyGoodsItems: [
        {
          commodity: { description: 'Cardboard boxes', classification: { id: '48191000' } },
          goodsMeasure: { gmass: 3, nmass: 2 },
          customsValue: { amount: 50, currency: 'GBP' },
        },
      ],
    },
  },
});

interface ReceiptItem {
  casReference?: string;
  exciseGoodsItem: { bodyReportOfReceipt: Record<string, unknown> };
}
const receiptReport = (
  conclusion: string,
  items: ReceiptItem[] = [{ casReference: 'A1', exciseGoodsItem: { bodyReportOfReceipt: { exciseProductCode: 'B000' } } }],
) => ({
  exciseGoodsShipment: {
    destinationOfficeCode: 'GB000051',
    exciseMovement: { reportOfReceipt: { dateOfArrivalOfExciseProducts: '2026-05-04', globalConclusionOfReceipt: conclusion } },
  },
  governmentAgencyGoodsItems: items,
});
const line = (casReference: string | undefined, report: Record<string, unknown>): ReceiptItem => ({
  ...(casReference === undefined ? {} : { casReference }),
  exciseGoodsItem: { bodyReportOfReceipt: report },
});

/** The invalid-parameters names of a 400. */
async function badNames(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  return ((await problemOf(res))['invalid-parameters'] ?? []).map((p) => p.name);
}

const exciseMovementOf = (d: { singleAdministrativeDocument: Record<string, unknown> }) =>
  z
    .looseObject({
      sequenceNumber: z.number(),
      pendingMessage: z.unknown().optional(),
      reportOfReceipt: z.looseObject({ shortageOrExcess: z.boolean() }).nullish(),
    })
    .parse(d.singleAdministrativeDocument.exciseMovement);

describe('routing', () => {
  it('routes every action of the routing table: 404 for an absent declaration or another tenant’s, scope create:messages', async () => {
    const d = await declare(validShipment({ externalReference: `R-${Date.now()}-HOLD` }));
    for (const action of DECLARATION_ACTION_NAMES) {
      const segment = DECLARATION_ACTIONS[action].segment + (action === 'generateDocument' ? '/SAD' : '');
      const absent = await act('no-such-declaration', segment);
      expect(absent.status, segment).toBe(404);
      expect((await problemOf(absent)).detail).toContain('no-such-declaration');
      expect(
        (await sb.call(`/v1/declarations/${d.declarationId}/${segment}`, { method: 'POST', clientId: 'noclass-acc' })).status,
        segment,
      ).toBe(404);
    }
    expect((await sb.call(`/v1/declarations/${d.declarationId}/submit`, { method: 'POST', clientId: 'reader-acc' })).status).toBe(403);
  });

  it('generateDocument with an unknown or missing type is a 400 listing the usable types', async () => {
    const d = await declare(validShipment({ externalReference: `R-${Date.now()}-HOLD` }));
    for (const path of ['generateDocument/T2L', 'generateDocument']) {
      const res = await act(d.declarationId, path);
      expect(res.status).toBe(400);
      const problem = await problemOf(res);
      for (const t of GENERATE_DOCUMENT_TYPES) expect(problem.detail).toContain(t);
      expect(problem['invalid-parameters']?.[0]?.name).toBe('documentType');
    }
  });

  it('refuses a body action with a non-JSON body (415) and a malformed one (400)', async () => {
    const d = await declare(excise('IN'));
    expect(
      (
        await sb.call(`/v1/declarations/${d.declarationId}/delayForDelivery`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'late',
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await sb.call(`/v1/declarations/${d.declarationId}/delayForDelivery`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        })
      ).status,
    ).toBe(400);
    // body-less actions accept an empty JSON body
    expect(
      (await sb.call(`/v1/declarations/${d.declarationId}/validate`, { method: 'POST', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(202);
  });
});

describe('customs declaration actions', () => {
  it('Submit: a Validated declaration is submitted and released (SubmitSuccessful); in Released it is SubmitUnsuccessful with the reason', async () => {
    const d = await declare(
      validShipment({
        storageLocationReference: 'NL-RTM-01',
        singleAdministrativeDocument: {
          ...validShipment().singleAdministrativeDocument,
          declarationOfficeCode: 'NL000510',
          invoiceCurrency: 'EUR',
          goodsShipment: {
            consignee: { businessPartnerReference: [{ code: 'NL812345678', type: 'Eori' }] },
            governmentAgencyGoodsItems: [
              {
                commodity: { description: 'Smartphones', classification: { id: '85171300' } },
                goodsMeasure: { gmass: 2, nmass: 1 },
                customsValue: { amount: 10, currency: 'EUR' },
              },
            ],
          },
        },
      }),
    );
    expect(d).toMatchObject({ customsFlow: 'NL Import', currentStatus: 'Validated' });
    await run(d.declarationId, 'submit');
    expect(await lastFinished(d.declarationId, 'submit')).toMatchObject({
      eventSubType: 'SubmitSuccessful',
      data: { action: 'submit', arc: null, sequenceNumber: null, lrn: d.lrn },
    });
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Validated', 'Submitted', 'Accepted', 'Released']);

    await run(d.declarationId, 'submit');
    const refused = await lastFinished(d.declarationId, 'submit');
    expect(refused?.eventSubType).toBe('SubmitUnsuccessful');
    expect(refused?.data.errorDescriptions).toEqual([containing('not available in status Released')]);
  });

  it('Submit on Invalid is refused: the errors must be fixed first', async () => {
    const body = validShipment();
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, declarationOfficeCode: undefined };
    const d = await declare(body);
    expect(d.currentStatus).toBe('Invalid');
    await run(d.declarationId, 'submit');
    expect(await lastFinished(d.declarationId, 'submit')).toMatchObject({
      eventSubType: 'SubmitUnsuccessful',
      data: { reason: containing('Invalid') },
    });
    expect((await getDeclaration(sb, d.declarationId)).currentStatus).toBe('Invalid');
  });

  it('Validate: editable declarations only; errors come back as ValidateUnsuccessful with errorDescriptions', async () => {
    const body = validShipment();
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, declarationOfficeCode: undefined };
    const invalid = await declare(body);
    await run(invalid.declarationId, 'validate');
    const outcome = await lastFinished(invalid.declarationId, 'validate');
    expect(outcome?.eventSubType).toBe('ValidateUnsuccessful');
    expect(outcome?.data.errorDescriptions).toEqual([matching(/^V1001/)]);

    const released = await declare(validShipment());
    expect(released.currentStatus).toBe('Released');
    await run(released.declarationId, 'validate');
    expect((await lastFinished(released.declarationId, 'validate'))?.eventSubType).toBe('ValidateUnsuccessful');
  });

  it('Goods Arrived: a pre-lodged (D) declaration becomes A with the same LRN, GoodsArrivedSuccessful, then Released with its SAD; refused when not pre-lodged', async () => {
    const body = validShipment();
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, addDeclType: 'D' };
    const d = await declare(body);
    expect(d).toMatchObject({ customsFlowStep: 'Pre-lodge', currentStatus: 'Accepted' });
    await run(d.declarationId, 'goodsArrived');
    expect((await lastFinished(d.declarationId, 'goodsArrived'))?.eventSubType).toBe('GoodsArrivedSuccessful');
    const after = await getDeclaration(sb, d.declarationId);
    expect(after).toMatchObject({ lrn: d.lrn, currentStatus: 'Released', singleAdministrativeDocument: { addDeclType: 'A' } });
    expect(after.attachments?.map((a) => a.documentType)).toEqual(['SAD']);

    await run(d.declarationId, 'goodsArrived');
    expect(await lastFinished(d.declarationId, 'goodsArrived')).toMatchObject({
      eventSubType: 'GoodsArrivedUnsuccessful',
      data: { reason: containing('not a pre-lodged') },
    });
  });

  it('Invalidate: Released → InvalidationRequested → Invalidated (InvalidateSuccessful); reason is required; refused before acceptance', async () => {
    const d = await declare(validShipment());
    expect(await badNames(await act(d.declarationId, 'invalidate', {}))).toEqual(['reason']);
    expect(
      await badNames(
        await act(d.declarationId, 'invalidate', {
          reason: 'Wrong importer',
          complementaryInformation: 'typo',
          complementaryInformationLanguage: 'xx',
        }),
      ),
    ).toEqual(['complementaryInformationLanguage']);
    await run(d.declarationId, 'invalidate', { reason: 'Declared twice' });
    expect((await statusTrail(sb, d.declarationId)).slice(-2)).toEqual(['InvalidationRequested', 'Invalidated']);
    expect((await lastFinished(d.declarationId, 'invalidate'))?.eventSubType).toBe('InvalidateSuccessful');

    const held = await declare(validShipment({ externalReference: `I-${Date.now()}-HOLD` }));
    await run(held.declarationId, 'invalidate', { reason: 'Not needed' });
    expect(await lastFinished(held.declarationId, 'invalidate')).toMatchObject({
      eventSubType: 'InvalidateUnsuccessful',
      data: { reason: containing('Submitted') },
    });
  });
});

describe('documents', () => {
  it('an import produces its SAD on release: DeclarationPdfCreated with a URL that redirects (307) to a real PDF; include=attachments lists it', async () => {
    const d = await declare(validShipment());
    const created = (await storedEvents(sb, 'DeclarationPdfCreated')).filter((e) => e.data.id === d.declarationId);
    expect(created.map((e) => e.eventSubType)).toEqual(['SAD']);
    const url = z.string().parse(created[0]?.data.url);
    expect(url).toContain(`/v1/declarations/${d.declarationId}/attachments/SAD/`);
    const redirect = await sb.call(url.replace(sb.url, ''), { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    const pdf = await fetch(redirect.headers.get('location') ?? '');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const listed = (await getDeclaration(sb, d.declarationId, 'attachments')).attachments;
    expect(listed).toEqual([{ id: created[0]?.data.attachmentId, documentType: 'SAD', fileName: matching(/^SAD-.*\.pdf$/) }]);
  });

  it('an export produces its EAD on acceptance; A.TR only for exports to Turkey; TSAD nowhere in the demo flows', async () => {
    const toTurkey = await declare(exportShipment('TR'));
    expect(toTurkey).toMatchObject({ customsFlowStep: 'Export', currentStatus: 'Released', shipTo: 'TR' });
    expect(
      (await storedEvents(sb, 'DeclarationPdfCreated')).filter((e) => e.data.id === toTurkey.declarationId).map((e) => e.eventSubType),
    ).toEqual(['EAD']);
    await run(toTurkey.declarationId, 'generateDocument/ATR');
    await run(toTurkey.declarationId, 'generateDocument/ATROnBlanco');
    expect((await lastFinished(toTurkey.declarationId, 'generateDocument'))?.eventSubType).toBe('GenerateDocumentSuccessful');
    expect((await getDeclaration(sb, toTurkey.declarationId)).attachments?.map((a) => a.documentType)).toEqual([
      'EAD',
      'ATR',
      'ATROnBlanco',
    ]);

    const toUs = await declare(exportShipment('US'));
    await run(toUs.declarationId, 'generateDocument/ATR');
    expect(await lastFinished(toUs.declarationId, 'generateDocument')).toMatchObject({
      eventSubType: 'GenerateDocumentUnsuccessful',
      data: { reason: containing('Turkey') },
    });
    await run(toUs.declarationId, 'generateDocument/TSAD');
    expect((await lastFinished(toUs.declarationId, 'generateDocument'))?.eventSubType).toBe('GenerateDocumentUnsuccessful');
  });

  it('Generate SAD (= generateDocument/SAD) on a released import makes another downloadable SAD; on a held declaration it is GenerateSadUnsuccessful', async () => {
    const d = await declare(validShipment());
    await run(d.declarationId, 'generateSad');
    await run(d.declarationId, 'generateDocument/SAD');
    expect((await finished(d.declarationId, 'generateSad')).map((e) => e.eventSubType)).toEqual(['GenerateSadSuccessful']);
    expect((await finished(d.declarationId, 'generateDocument')).map((e) => e.eventSubType)).toEqual(['GenerateDocumentSuccessful']);
    const attachments = (await getDeclaration(sb, d.declarationId)).attachments ?? [];
    expect(attachments.map((a) => a.documentType)).toEqual(['SAD', 'SAD', 'SAD']);
    const res = await sb.call(`/v1/declarations/${d.declarationId}/attachments/${attachments[2]?.id ?? ''}/url`);
    const { url } = z.object({ url: z.string() }).parse(await res.json());
    expect(new TextDecoder().decode(new Uint8Array(await (await fetch(url)).arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    const held = await declare(validShipment({ externalReference: `G-${Date.now()}-HOLD` }));
    await run(held.declarationId, 'generateSad');
    expect(await lastFinished(held.declarationId, 'generateSad')).toMatchObject({
      eventSubType: 'GenerateSadUnsuccessful',
      data: { reason: containing('Submitted') },
    });
  });
});

describe('Receipt Report (IE818)', () => {
  let inbound: string;
  beforeAll(async () => {
    inbound = (await declare(excise('IN'))).declarationId;
  });
  const post = (body: unknown, id = inbound) => act(id, 'receiptReport', body);
  const at = (i: number, field: string) => `governmentAgencyGoodsItems.${i}.exciseGoodsItem.bodyReportOfReceipt.${field}`;

  it('400: a conclusion code outside 1, 2, 3, 4, 11, 21, 22, 23', async () => {
    expect(await badNames(await post(receiptReport('5')))).toEqual([
      'exciseGoodsShipment.exciseMovement.reportOfReceipt.globalConclusionOfReceipt',
    ]);
  });
  it('400: a casReference missing', async () => {
    expect(await badNames(await post(receiptReport('1', [line(undefined, { exciseProductCode: 'B000' })])))).toEqual([
      'governmentAgencyGoodsItems.0.casReference',
    ]);
  });
  it('400: a casReference duplicated', async () => {
    expect(
      await badNames(
        await post(receiptReport('1', [line('A1', { exciseProductCode: 'B000' }), line('A1', { exciseProductCode: 'B000' })])),
      ),
    ).toEqual(['governmentAgencyGoodsItems.1.casReference']);
  });
  it('400: an item without exciseProductCode', async () => {
    expect(await badNames(await post(receiptReport('1', [line('A1', {})])))).toEqual([at(0, 'exciseProductCode')]);
  });
  it('400: a product code not in BC36', async () => {
    expect(await badNames(await post(receiptReport('1', [line('A1', { exciseProductCode: 'X999' })])))).toEqual([
      at(0, 'exciseProductCode'),
    ]);
  });
  it('400: a product code different from the original e-AD item', async () => {
    const res = await post(receiptReport('1', [line('A1', { exciseProductCode: 'B000' }), line('A2', { exciseProductCode: 'S200' })]));
    expect(res.status).toBe(400);
    expect((await problemOf(res))['invalid-parameters']).toEqual([{ name: at(1, 'exciseProductCode'), reason: containing('W200') }]);
  });
  it('400: the shortage/excess indicator without the observed quantity, and the other way round', async () => {
    expect(
      await badNames(await post(receiptReport('1', [line('A1', { exciseProductCode: 'B000', indicatorOfShortageOrExcess: 'S' })]))),
    ).toEqual([at(0, 'observedShortageOrExcess')]);
    expect(
      await badNames(await post(receiptReport('1', [line('A1', { exciseProductCode: 'B000', observedShortageOrExcess: 5 })]))),
    ).toEqual([at(0, 'indicatorOfShortageOrExcess')]);
  });
  it('400: refusedQuantity missing or zero for conclusion 3 and 4', async () => {
    const reason = { unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '3' }] };
    expect(await badNames(await post(receiptReport('3', [line('A1', { exciseProductCode: 'B000' })])))).toEqual([at(0, 'refusedQuantity')]);
    expect(await badNames(await post(receiptReport('3', [line('A1', { exciseProductCode: 'B000', refusedQuantity: 0 })])))).toEqual([
      at(0, 'refusedQuantity'),
    ]);
    expect(
      await badNames(
        await post(
          receiptReport('4', [
            line('A1', { exciseProductCode: 'B000', ...reason }),
            line('A2', { exciseProductCode: 'W200', refusedQuantity: 5 }),
          ]),
        ),
      ),
    ).toEqual([at(0, 'refusedQuantity')]);
    expect(
      await badNames(await post(receiptReport('4', [line('A1', { exciseProductCode: 'B000', refusedQuantity: 0, ...reason })]))),
    ).toEqual(['governmentAgencyGoodsItems']);
  });
  it('400: refusedQuantity above zero for conclusion 1 and 2', async () => {
    expect(await badNames(await post(receiptReport('1', [line('A1', { exciseProductCode: 'B000', refusedQuantity: 3 })])))).toEqual([
      at(0, 'refusedQuantity'),
    ]);
    expect(
      await badNames(
        await post(
          receiptReport('2', [
            line('A1', { exciseProductCode: 'B000', refusedQuantity: 3, unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '3' }] }),
          ]),
        ),
      ),
    ).toEqual([at(0, 'refusedQuantity')]);
  });
  it('400: no unsatisfactory reason for conclusion 2 and 4', async () => {
    expect(await badNames(await post(receiptReport('2', [line('A1', { exciseProductCode: 'B000' })])))).toEqual([
      'governmentAgencyGoodsItems',
    ]);
    expect(await badNames(await post(receiptReport('4', [line('A1', { exciseProductCode: 'B000', refusedQuantity: 2 })])))).toEqual([
      'governmentAgencyGoodsItems',
    ]);
  });
  it('400: the movement is not in an accepted state (consignor side, not an e-AD, or already delivered)', async () => {
    const dispatch = await declare(excise('OUT'));
    expect((await problemOf(await post(receiptReport('1'), dispatch.declarationId))).detail).toContain('consignee');
    const customs = await declare(validShipment());
    expect((await problemOf(await post(receiptReport('1'), customs.declarationId))).detail).toContain('not an EMCS e-AD');
    const delivered = await declare(excise('IN'));
    await run(delivered.declarationId, 'receiptReport', receiptReport('1'));
    const again = await post(receiptReport('1'), delivered.declarationId);
    expect(again.status).toBe(400);
    expect((await problemOf(again)).detail).toMatch(/already accepted|not available in status Delivered/);
  });
  it('400: a report was already submitted and awaits the EMCS response; then the movement is Delivered', async () => {
    const d = await declare(excise('IN'));
    await sb.ctx.jobs.stop(); // hold the EMCS answer back
    try {
      expect((await post(receiptReport('1'), d.declarationId)).status).toBe(202);
      const pending = await post(receiptReport('1'), d.declarationId);
      expect(pending.status).toBe(400);
      expect((await problemOf(pending)).detail).toContain('awaits a response');
      const during = await getDeclaration(sb, d.declarationId);
      expect(during.currentStatus).toBe('Accepted');
      expect(exciseMovementOf(during).pendingMessage).toMatchObject({ message: 'IE818', action: 'receiptReport' });
    } finally {
      sb.ctx.jobs.start();
    }
    await settle();
    expect((await getDeclaration(sb, d.declarationId)).currentStatus).toBe('Delivered');
  });

  it('conclusions move the movement: 1/11/21 Delivered, 2/22 Delivered with the shortage noted, 3/23 Refused, 4 PartiallyRefused; events carry action, arc, sequenceNumber', async () => {
    const reason = (code: string) => ({ unsatisfactoryReasons: [{ unsatisfactoryReasonCode: code }] });
    const cases: [string, ReceiptItem[], string, boolean][] = [
      ['1', [line('A1', { exciseProductCode: 'B000' })], 'Delivered', false],
      ['11', [line('A1', { exciseProductCode: 'B000' })], 'Delivered', false],
      ['21', [line('A2', { exciseProductCode: 'W200' })], 'Delivered', false],
      [
        '2',
        [line('A1', { exciseProductCode: 'B000', indicatorOfShortageOrExcess: 'S', observedShortageOrExcess: 12, ...reason('2') })],
        'Delivered',
        true,
      ],
      ['22', [line('A1', { exciseProductCode: 'B000', ...reason('3') })], 'Delivered', false],
      [
        '3',
        [line('A1', { exciseProductCode: 'B000', refusedQuantity: 1000 }), line('A2', { exciseProductCode: 'W200', refusedQuantity: 600 })],
        'Refused',
        false,
      ],
      ['23', [line('A1', { exciseProductCode: 'B000', refusedQuantity: 1000 })], 'Refused', false],
      [
        '4',
        [
          line('A1', { exciseProductCode: 'B000', refusedQuantity: 100, ...reason('3') }),
          line('A2', { exciseProductCode: 'W200', refusedQuantity: 0 }),
        ],
        'PartiallyRefused',
        false,
      ],
    ];
    for (const [conclusion, items, status, shortage] of cases) {
      const d = await declare(excise('IN'));
      await run(d.declarationId, 'receiptReport', receiptReport(conclusion, items));
      const after = await getDeclaration(sb, d.declarationId);
      expect(after.currentStatus, conclusion).toBe(status);
      expect(await statusTrail(sb, d.declarationId), conclusion).toEqual(['Submitted', 'Accepted', status]);
      expect(exciseMovementOf(after).reportOfReceipt, conclusion).toMatchObject({
        globalConclusionOfReceipt: conclusion,
        shortageOrExcess: shortage,
      });
      expect(await lastFinished(d.declarationId, 'receiptReport'), conclusion).toMatchObject({
        eventSubType: 'ReceiptReportSuccessful',
        data: { action: 'receiptReport', arc: d.arc, sequenceNumber: 1 },
      });
    }
  });
});

describe('other EMCS actions', () => {
  it('Complementary Explanation (IE871): only after a receipt report with a shortage or excess; body rules are 400s', async () => {
    const d = await declare(excise('IN'));
    const explanation = {
      exciseGoodsShipment: { analysis: { globalExplanation: 'Breakage in transit', globalExplanationLanguage: 'en' } },
      governmentAgencyGoodsItems: [
        {
          casReference: 'A1',
          exciseGoodsItem: { bodyAnalysis: { explanation: 'Two pallets broken', explanationLanguage: 'en', actualQuantity: 988 } },
        },
      ],
    };
    expect(await badNames(await act(d.declarationId, 'complementaryExplanation', { exciseGoodsShipment: { analysis: {} } }))).toContain(
      'exciseGoodsShipment.analysis.globalExplanation',
    );
    expect(
      await badNames(
        await act(d.declarationId, 'complementaryExplanation', {
          ...explanation,
          governmentAgencyGoodsItems: [{ casReference: 'Z9', exciseGoodsItem: { bodyAnalysis: {} } }],
        }),
      ),
    ).toEqual(['governmentAgencyGoodsItems.0.casReference']);

    await run(d.declarationId, 'complementaryExplanation', explanation);
    expect(await lastFinished(d.declarationId, 'complementaryExplanation')).toMatchObject({
      eventSubType: 'ComplementaryExplanationUnsuccessful',
      data: { reason: containing('shortage or excess') },
    });

    await run(
      d.declarationId,
      'receiptReport',
      receiptReport('2', [
        line('A1', {
          exciseProductCode: 'B000',
          indicatorOfShortageOrExcess: 'S',
          observedShortageOrExcess: 12,
          unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '2' }],
        }),
      ]),
    );
    await run(d.declarationId, 'complementaryExplanation', explanation);
    expect(await lastFinished(d.declarationId, 'complementaryExplanation')).toMatchObject({
      eventSubType: 'ComplementaryExplanationSuccessful',
      data: { arc: d.arc, sequenceNumber: 1 },
    });
    const after = await getDeclaration(sb, d.declarationId);
    expect(after.currentStatus).toBe('Delivered');
    expect(
      z
        .array(z.looseObject({ message: z.string() }))
        .parse(z.looseObject({ history: z.unknown() }).parse(after.singleAdministrativeDocument.exciseMovement).history)
        .map((h) => h.message),
    ).toEqual(['IE818', 'IE871']);
  });

  it('Change Destination (IE813): splits the declaration — the consignor’s e-AD ends Diverted and the movement goes on, Accepted, in a new declaration with sequence 2 and the new consignee; refused on the consignee side; 400 for a bad journey time', async () => {
    const d = await declare(excise('OUT'));
    const change = {
      invoice: { date: '2026-05-01', number: 'INV-77' },
      exciseGoodsShipment: {
        headerEadEsad: { destinationTypeCode: 1, journeyTime: 'D02' },
        transportMode: { transportModeCode: 3 },
        consigneeTrader: {
          name: 'Acme Trading BV',
          address: { city: 'Rotterdam', country: 'NL' },
          businessPartnerReferences: [{ type: 'Excise', code: 'NL00000000001' }],
        },
      },
    };
    expect(
      await badNames(
        await act(d.declarationId, 'changeDestination', {
          ...change,
          exciseGoodsShipment: { ...change.exciseGoodsShipment, headerEadEsad: { destinationTypeCode: 1, journeyTime: 'D99' } },
        }),
      ),
    ).toEqual(['exciseGoodsShipment.headerEadEsad.journeyTime']);
    await run(d.declarationId, 'changeDestination', change);
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Submitted', 'Accepted', 'ChangingDestination', 'Diverted']);
    const finished = await lastFinished(d.declarationId, 'changeDestination');
    expect(finished).toMatchObject({ eventSubType: 'ChangeDestinationSuccessful', data: { arc: d.arc, sequenceNumber: 1 } });
    const continuedIn = z.object({ continuedIn: z.string() }).parse(finished?.data).continuedIn;
    expect(await statusTrail(sb, continuedIn)).toEqual(['Accepted']);
    const after = await getDeclaration(sb, continuedIn);
    expect(after.arc).toBe(d.arc);
    expect(after.lrn).not.toBe(d.lrn);
    expect(exciseMovementOf(after).sequenceNumber).toBe(2);
    expect(after.singleAdministrativeDocument.goodsShipment).toMatchObject({ consignee: { name: 'Acme Trading BV' } });
    expect(after.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems).toHaveLength(
      d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.length,
    );

    const inbound = await declare(excise('IN'));
    await run(inbound.declarationId, 'changeDestination', change);
    expect(await lastFinished(inbound.declarationId, 'changeDestination')).toMatchObject({
      eventSubType: 'ChangeDestinationUnsuccessful',
      data: { reason: containing('consignor') },
    });
  });

  it('Reject or Alert e-AD (IE819): an alert → Alerted, then a rejection → Rejected, after which no receipt report; body rules are 400s', async () => {
    const d = await declare(excise('IN'));
    expect(
      await badNames(
        await act(d.declarationId, 'rejectOrAlertEad', { eadEsadRejectedFlag: true, alertOrRejectionOfMovementReasonCode: '7' }),
      ),
    ).toEqual(['alertOrRejectionOfMovementReasonCode']);
    expect(
      await badNames(
        await act(d.declarationId, 'rejectOrAlertEad', { eadEsadRejectedFlag: true, alertOrRejectionOfMovementReasonCode: '0' }),
      ),
    ).toEqual(['complementaryInformation']);

    await run(d.declarationId, 'rejectOrAlertEad', {
      destinationOfficeCode: 'GB000051',
      eadEsadRejectedFlag: false,
      alertOrRejectionOfMovementReasonCode: '2',
    });
    expect((await getDeclaration(sb, d.declarationId)).currentStatus).toBe('Alerted');
    await run(d.declarationId, 'rejectOrAlertEad', { eadEsadRejectedFlag: true, alertOrRejectionOfMovementReasonCode: '3' });
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Submitted', 'Accepted', 'Alerted', 'Rejected']);
    expect((await finished(d.declarationId, 'rejectOrAlertEad')).map((e) => e.eventSubType)).toEqual([
      'RejectOrAlertEadSuccessful',
      'RejectOrAlertEadSuccessful',
    ]);
    const report = await act(d.declarationId, 'receiptReport', receiptReport('1'));
    expect(report.status).toBe(400);
    expect((await problemOf(report)).detail).toContain('status Rejected');

    const dispatch = await declare(excise('OUT'));
    await run(dispatch.declarationId, 'rejectOrAlertEad', { eadEsadRejectedFlag: true, alertOrRejectionOfMovementReasonCode: '1' });
    expect((await lastFinished(dispatch.declarationId, 'rejectOrAlertEad'))?.eventSubType).toBe('RejectOrAlertEadUnsuccessful');
  });

  it('Delay for Delivery (IE837): status unchanged, DelayForDeliverySuccessful; refused once Delivered; 400 for unknown codes', async () => {
    const d = await declare(excise('IN'));
    expect(await badNames(await act(d.declarationId, 'delayForDelivery', { explanationCode: '9', messageRole: '1' }))).toEqual([
      'explanationCode',
    ]);
    expect(await badNames(await act(d.declarationId, 'delayForDelivery', { explanationCode: '0', messageRole: '1' }))).toEqual([
      'complementaryInformation',
    ]);
    await run(d.declarationId, 'delayForDelivery', { explanationCode: '3', messageRole: '1' });
    expect(await lastFinished(d.declarationId, 'delayForDelivery')).toMatchObject({
      eventSubType: 'DelayForDeliverySuccessful',
      data: { arc: d.arc, sequenceNumber: 1 },
    });
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Submitted', 'Accepted']);

    await run(d.declarationId, 'receiptReport', receiptReport('1'));
    await run(d.declarationId, 'delayForDelivery', { explanationCode: '3', messageRole: '1' });
    expect(await lastFinished(d.declarationId, 'delayForDelivery')).toMatchObject({
      eventSubType: 'DelayForDeliveryUnsuccessful',
      data: { reason: containing('Delivered') },
    });
  });

  it('Invalidate an e-AD (IE810): code 0 needs complementary information and its language (400); the consignor’s Accepted e-AD → Cancelled; the consignee cannot', async () => {
    const d = await declare(excise('OUT'));
    expect(await badNames(await act(d.declarationId, 'invalidate', { reason: '0' }))).toEqual([
      'complementaryInformation',
      'complementaryInformationLanguage',
    ]);
    expect(await badNames(await act(d.declarationId, 'invalidate', { reason: '0', complementaryInformation: 'Order cancelled' }))).toEqual([
      'complementaryInformationLanguage',
    ]);
    expect(await badNames(await act(d.declarationId, 'invalidate', { reason: 'Typing error' }))).toEqual(['reason']);
    await run(d.declarationId, 'invalidate', {
      reason: '0',
      complementaryInformation: 'Order cancelled',
      complementaryInformationLanguage: 'en',
    });
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Submitted', 'Accepted', 'Cancelled']);
    expect(await lastFinished(d.declarationId, 'invalidate')).toMatchObject({
      eventSubType: 'InvalidateSuccessful',
      data: { arc: d.arc, sequenceNumber: 1 },
    });
    await run(d.declarationId, 'invalidate', { reason: '1' });
    expect((await lastFinished(d.declarationId, 'invalidate'))?.eventSubType).toBe('InvalidateUnsuccessful');

    const inbound = await declare(excise('IN'));
    await run(inbound.declarationId, 'invalidate', { reason: '2' });
    expect(await lastFinished(inbound.declarationId, 'invalidate')).toMatchObject({
      eventSubType: 'InvalidateUnsuccessful',
      data: { reason: containing('consignor') },
    });
  });

  it('EMCS actions on a customs declaration are refused (no ARC)', async () => {
    const d = await declare(validShipment());
    await run(d.declarationId, 'delayForDelivery', { explanationCode: '1', messageRole: '1' });
    expect(await lastFinished(d.declarationId, 'delayForDelivery')).toMatchObject({
      eventSubType: 'DelayForDeliveryUnsuccessful',
      data: { reason: containing('no ARC') },
    });
  });

  it('no job failed along the way', async () => {
    expect(await sb.ctx.store.repos.jobs.count({ status: ['failed'] })).toBe(0);
  });
});

/** The action showcase of the seed (src/sandbox/actions/README.md). */
const SHOWCASE_REFERENCES = [
  'PO-GB-EMCS-RECEIPT-1',
  'SO-GB-EMCS-DISPATCH-1',
  'PO-GB-EMCS-SHORTAGE',
  'PO-GB-EMCS-ALERTED',
  'PO-NL-EMCS-REJECTED',
  'SO-BE-EMCS-CANCELLED',
  'PO-FR-EMCS-PARTREFUSED',
  'PO-IE-EMCS-REFUSED',
  'PO-GB-EMCS-INVALIDATED',
];

describe('seed data for the actions', () => {
  let seeded: RunningSandbox;
  beforeAll(async () => {
    seeded = await startSandbox({ timeScale: 1_000_000 });
  });
  afterAll(async () => seeded.close());

  it('has e-ADs ready for every EMCS action and Released imports whose SAD is listed and downloadable, without publishing events', async () => {
    const showcase = await Promise.all(SHOWCASE_REFERENCES.map(async (ref) => (await search(seeded, `externalReference=${ref}`))[0]));
    const byKey = Object.fromEntries(
      showcase.map((d): [string, string] => [d?.externalReference.replace(/^(PO|SO)-[A-Z]{2}-EMCS-/, '') ?? '', d?.currentStatus ?? '']),
    );
    expect(byKey).toMatchObject({
      'RECEIPT-1': 'Accepted',
      'DISPATCH-1': 'Accepted',
      SHORTAGE: 'Delivered',
      ALERTED: 'Alerted',
      REJECTED: 'Rejected',
      CANCELLED: 'Cancelled',
      PARTREFUSED: 'PartiallyRefused',
      REFUSED: 'Refused',
      INVALIDATED: 'Invalidated',
    });

    // The documents the seed owes are produced in the background, not by reading.
    await settle(seeded);
    const released = (await search(seeded, 'currentStatus=Released&direction=IN')).find(
      (d) => d.arc === null && d.customsFlowStep !== 'Exit' && !isHistoryReference(d.externalReference),
    );
    const res = await seeded.call(`/v1/declarations/${released?.declarationId ?? ''}?include=attachments`);
    const attachments = z
      .object({ attachments: z.array(z.object({ id: z.string(), documentType: z.string() })) })
      .parse(await res.json()).attachments;
    expect(attachments.map((a) => a.documentType)).toEqual(['SAD']);
    // listing again does not render a second one
    const again = z
      .object({ attachments: z.array(z.object({ id: z.string() })) })
      .parse(await (await seeded.call(`/v1/declarations/${released?.declarationId ?? ''}?include=attachments`)).json());
    expect(again.attachments.map((a) => a.id)).toEqual([attachments[0]?.id]);
    const download = await seeded.call(`/v1/declarations/${released?.declarationId ?? ''}/attachments/SAD/${attachments[0]?.id ?? ''}`, {
      redirect: 'manual',
    });
    expect(download.status).toBe(307);
    const pdf = await fetch(download.headers.get('location') ?? '');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(await storedEvents(seeded)).toHaveLength(0);
  });

  it('a seeded shortage can be explained right away; a seeded receipt-ready e-AD takes a receipt report', async () => {
    const idOf = async (ref: string) => (await search(seeded, `externalReference=${ref}`))[0]?.declarationId ?? '';
    const shortage = await idOf('PO-GB-EMCS-SHORTAGE');
    const explain = await seeded.call(
      `/v1/declarations/${shortage}/complementaryExplanation`,
      json({ exciseGoodsShipment: { analysis: { globalExplanation: 'Evaporation', globalExplanationLanguage: 'en' } } }),
    );
    expect(explain.status).toBe(202);
    const receipt = await idOf('PO-GB-EMCS-RECEIPT-1');
    const items = (await getDeclaration(seeded, receipt)).singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;
    const report = receiptReport(
      '1',
      items.map((i) =>
        line(i.casReference, {
          exciseProductCode: z.object({ exciseGoodsItem: z.object({ exciseProductCode: z.string() }) }).parse(i).exciseGoodsItem
            .exciseProductCode,
        }),
      ),
    );
    expect((await seeded.call(`/v1/declarations/${receipt}/receiptReport`, json(report))).status).toBe(202);
    await settle(seeded);
    const subtypes = (await storedEvents(seeded, 'DeclarationActionFinished')).map((e) => e.eventSubType);
    expect(subtypes.sort()).toEqual(['ComplementaryExplanationSuccessful', 'ReceiptReportSuccessful']);
  });
});

/** Rows of the contract audit (src/contract/README.md) where the schema was stricter than the specification. */
describe('contract audit: fields the specification lists as optional are accepted end to end', () => {
  it('Receipt Report without dateOfArrivalOfExciseProducts, with complementary information but no language', async () => {
    const d = await declare(excise('IN'));
    const reportOfReceipt = { globalConclusionOfReceipt: '1', complementaryInformation: 'All pallets intact' };
    const body = { ...receiptReport('1'), exciseGoodsShipment: { destinationOfficeCode: 'GB000051', exciseMovement: { reportOfReceipt } } };
    await run(d.declarationId, 'receiptReport', body);
    expect((await lastFinished(d.declarationId, 'receiptReport'))?.eventSubType).toBe('ReceiptReportSuccessful');
  });

  it('Complementary Explanation without globalExplanationLanguage; without globalExplanation a 400 naming it', async () => {
    const d = await declare(excise('IN'));
    await run(
      d.declarationId,
      'receiptReport',
      receiptReport('2', [
        line('A1', {
          exciseProductCode: 'B000',
          indicatorOfShortageOrExcess: 'S',
          observedShortageOrExcess: 12,
          unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '2' }],
        }),
      ]),
    );
    expect(
      await badNames(
        await act(d.declarationId, 'complementaryExplanation', { exciseGoodsShipment: { analysis: { globalExplanationLanguage: 'en' } } }),
      ),
    ).toEqual(['exciseGoodsShipment.analysis.globalExplanation']);
    await run(d.declarationId, 'complementaryExplanation', {
      exciseGoodsShipment: { analysis: { globalExplanation: 'Breakage in transit' } },
    });
    expect((await lastFinished(d.declarationId, 'complementaryExplanation'))?.eventSubType).toBe('ComplementaryExplanationSuccessful');
  });

  it('Reject or Alert e-AD and Delay for Delivery with complementary information but no language', async () => {
    const d = await declare(excise('IN'));
    await run(d.declarationId, 'delayForDelivery', { explanationCode: '0', messageRole: '1', complementaryInformation: 'Ferry cancelled' });
    expect((await lastFinished(d.declarationId, 'delayForDelivery'))?.eventSubType).toBe('DelayForDeliverySuccessful');
    await run(d.declarationId, 'rejectOrAlertEad', {
      eadEsadRejectedFlag: false,
      alertOrRejectionOfMovementReasonCode: '0',
      complementaryInformation: 'Seal broken',
    });
    expect((await lastFinished(d.declarationId, 'rejectOrAlertEad'))?.eventSubType).toBe('RejectOrAlertEadSuccessful');
  });

  /** The body is accepted (202) and the action then ends <Action>Unsuccessful, one errorDescription per field EMCS needs; nothing is sent. */
  async function refusedNaming(id: string, action: string, body: unknown, fields: string[]): Promise<void> {
    await run(id, action, body);
    const event = await lastFinished(id, action);
    expect(event?.eventSubType).toMatch(/Unsuccessful$/);
    const data = z.object({ reason: z.string(), errorDescriptions: z.array(z.string()) }).parse(event?.data);
    expect(data.errorDescriptions.map((e) => e.split(' ')[0])).toEqual(fields);
    for (const field of fields) expect(data.reason).toContain(`${field} is needed`);
    expect(await statusTrail(sb, id)).toEqual(['Submitted', 'Accepted']);
  }

  it('Reject or Alert e-AD without eadEsadRejectedFlag or alertOrRejectionOfMovementReasonCode: 202, then RejectOrAlertEadUnsuccessful naming it; a value given that is not allowed is still a 400', async () => {
    const d = await declare(excise('IN'));
    await refusedNaming(d.declarationId, 'rejectOrAlertEad', { alertOrRejectionOfMovementReasonCode: '1' }, ['eadEsadRejectedFlag']);
    expect((await lastFinished(d.declarationId, 'rejectOrAlertEad'))?.data.reason).toBe(
      'eadEsadRejectedFlag is needed to tell a rejection from an alert.',
    );
    await refusedNaming(d.declarationId, 'rejectOrAlertEad', { eadEsadRejectedFlag: true }, ['alertOrRejectionOfMovementReasonCode']);
    await refusedNaming(d.declarationId, 'rejectOrAlertEad', {}, ['eadEsadRejectedFlag', 'alertOrRejectionOfMovementReasonCode']);
    expect(
      await badNames(
        await act(d.declarationId, 'rejectOrAlertEad', { eadEsadRejectedFlag: 'yes', alertOrRejectionOfMovementReasonCode: '7' }),
      ),
    ).toEqual(['eadEsadRejectedFlag', 'alertOrRejectionOfMovementReasonCode']);
    // Nothing was left pending: a complete message goes through.
    await run(d.declarationId, 'rejectOrAlertEad', { eadEsadRejectedFlag: false, alertOrRejectionOfMovementReasonCode: '2' });
    expect((await getDeclaration(sb, d.declarationId)).currentStatus).toBe('Alerted');
  });

  it('Delay for Delivery without explanationCode or messageRole: 202, then DelayForDeliveryUnsuccessful naming it; a value given that is not allowed is still a 400', async () => {
    const d = await declare(excise('IN'));
    await refusedNaming(d.declarationId, 'delayForDelivery', { messageRole: '1' }, ['explanationCode']);
    await refusedNaming(d.declarationId, 'delayForDelivery', { explanationCode: '3' }, ['messageRole']);
    expect(await badNames(await act(d.declarationId, 'delayForDelivery', { explanationCode: '9', messageRole: '3' }))).toEqual([
      'explanationCode',
      'messageRole',
    ]);
  });

  it('Change Destination without destinationTypeCode, journeyTime, or the code of a transport mode, transport unit or guarantee given: 202, then ChangeDestinationUnsuccessful naming it; a value given that is not allowed is still a 400', async () => {
    const d = await declare(excise('OUT'));
    const S = 'exciseGoodsShipment';
    await refusedNaming(d.declarationId, 'changeDestination', {}, [
      `${S}.headerEadEsad.destinationTypeCode`,
      `${S}.headerEadEsad.journeyTime`,
    ]);
    await refusedNaming(d.declarationId, 'changeDestination', { exciseGoodsShipment: { headerEadEsad: { journeyTime: 'D02' } } }, [
      `${S}.headerEadEsad.destinationTypeCode`,
    ]);
    await refusedNaming(d.declarationId, 'changeDestination', { exciseGoodsShipment: { headerEadEsad: { destinationTypeCode: 1 } } }, [
      `${S}.headerEadEsad.journeyTime`,
    ]);
    const header = { destinationTypeCode: 1, journeyTime: 'D02' };
    await refusedNaming(
      d.declarationId,
      'changeDestination',
      {
        exciseGoodsShipment: {
          headerEadEsad: header,
          transportMode: { complementaryInformation: 'Via Dover' },
          transportDetails: [{ transportUnitCode: 2 }, { identityOfTransportUnits: 'AB12CDE' }],
          movementGuarantee: { guarantorTraders: [] },
        },
      },
      [`${S}.transportMode.transportModeCode`, `${S}.transportDetails.1.transportUnitCode`, `${S}.movementGuarantee.guarantorTypeCode`],
    );
    const bad = {
      exciseGoodsShipment: {
        headerEadEsad: { destinationTypeCode: 7, journeyTime: 'D99' },
        transportMode: { transportModeCode: 99 },
        transportDetails: [{ transportUnitCode: 6 }],
        movementGuarantee: { guarantorTypeCode: 6 },
      },
    };
    expect((await badNames(await act(d.declarationId, 'changeDestination', bad))).sort()).toEqual(
      [
        `${S}.headerEadEsad.destinationTypeCode`,
        `${S}.headerEadEsad.journeyTime`,
        `${S}.transportMode.transportModeCode`,
        `${S}.transportDetails.0.transportUnitCode`,
        `${S}.movementGuarantee.guarantorTypeCode`,
      ].sort(),
    );
  });

  it('Complementary Explanation with an item without casReference: 202, then ComplementaryExplanationUnsuccessful naming it; a casReference the e-AD does not know is still a 400', async () => {
    const d = await declare(excise('IN'));
    await run(
      d.declarationId,
      'receiptReport',
      receiptReport('2', [
        line('A1', {
          exciseProductCode: 'B000',
          indicatorOfShortageOrExcess: 'S',
          observedShortageOrExcess: 12,
          unsatisfactoryReasons: [{ unsatisfactoryReasonCode: '2' }],
        }),
      ]),
    );
    const analysis = { globalExplanation: 'Breakage in transit' };
    expect(
      await badNames(
        await act(d.declarationId, 'complementaryExplanation', {
          exciseGoodsShipment: { analysis },
          governmentAgencyGoodsItems: [{ casReference: 'Z9', exciseGoodsItem: { bodyAnalysis: {} } }],
        }),
      ),
    ).toEqual(['governmentAgencyGoodsItems.0.casReference']);
    await run(d.declarationId, 'complementaryExplanation', {
      exciseGoodsShipment: { analysis },
      governmentAgencyGoodsItems: [
        { casReference: 'A1', exciseGoodsItem: { bodyAnalysis: {} } },
        { exciseGoodsItem: { bodyAnalysis: { actualQuantity: 988 } } },
      ],
    });
    const event = await lastFinished(d.declarationId, 'complementaryExplanation');
    expect(event).toMatchObject({
      eventSubType: 'ComplementaryExplanationUnsuccessful',
      data: { reason: 'governmentAgencyGoodsItems.1.casReference is needed to tell which goods item the explanation is about.' },
    });
    expect((await getDeclaration(sb, d.declarationId)).currentStatus).toBe('Delivered');
  });

  it('Invalidate with a reason only; without a reason a 400 naming it', async () => {
    const d = await declare(exportShipment());
    expect(await badNames(await act(d.declarationId, 'invalidate', {}))).toEqual(['reason']);
    await run(d.declarationId, 'invalidate', { reason: 'Wrong importer' });
    expect((await lastFinished(d.declarationId, 'invalidate'))?.eventSubType).toMatch(/^Invalidat/);
  });
});
