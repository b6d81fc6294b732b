import type { Direction } from '../../contract/customs-shipment.js';
import type { ArticleDataItem, BusinessPartner } from '../../contract/ingestion.js';
import type { DeclarationError } from '../../contract/declarations.js';
import type { DeclarationStatus } from '../../contract/declaration-statuses.js';
import { findFlow, type CustomsFlowConfig, type FlowStepConfig } from '../flows/flow-config.js';
import { splitDocument } from '../flows/flow-engine.js';
import { generateArc, generateMrn, nextLrn } from '../flows/identifiers.js';
import { newGoodsItems } from '../flows/selective-update.js';
import { cdsError, validateDeclaration } from '../flows/validation.js';
import { goodsItemSchema, singleAdministrativeDocumentSchema } from '../../contract/customs-shipment.js';
import type { GoodsItemDocument, JsonObject, NewDeclarationWithItems } from '../store/declarations/declaration-record.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { acceptanceMinutes, HISTORY_DAYS, onWeekday, seedHistory } from './declarations-history-seed.js';
import { createRng, type Rng } from './prng.js';

/**
 * Demo data set of tenant t-acc-001 (README, "Seed data"): master data and a few hundred
 * declarations across flows, jurisdictions and statuses. Deterministic (seeded PRNG): the same
 * ids, references, codes and items every time; timestamps are offsets from the start of the
 * current UTC day so the data looks recent. Inserted directly, in the caller's transaction, without events.
 */
export const SEED_TENANT = 't-acc-001';
export const SEED_DECLARATION_SHIPMENTS = 320;
const DAY = 86_400_000;

interface Product {
  code: string;
  description: string;
  itemId: string;
  unitMass: number;
  unitValue: number;
  exciseProductCode?: string;
}

/** Commodity codes checked against CN 2026 (8-digit leaves). */
const PRODUCTS: readonly Product[] = [
  { code: '85171300', description: 'Smartphones', itemId: 'SKU-10001', unitMass: 0.4, unitValue: 320 },
  { code: '84713000', description: 'Laptop computers, portable, under 10 kg', itemId: 'SKU-10002', unitMass: 2.3, unitValue: 780 },
  { code: '61091000', description: 'T-shirts of cotton, knitted', itemId: 'SKU-10003', unitMass: 0.2, unitValue: 6 },
  { code: '62034231', description: "Men's denim trousers", itemId: 'SKU-10004', unitMass: 0.7, unitValue: 18 },
  { code: '64039993', description: 'Leather footwear, other', itemId: 'SKU-10005', unitMass: 1.1, unitValue: 35 },
  { code: '94036010', description: 'Wooden dining room furniture', itemId: 'SKU-10006', unitMass: 24, unitValue: 140 },
  { code: '39269097', description: 'Plastic storage boxes', itemId: 'SKU-10007', unitMass: 0.9, unitValue: 4 },
  { code: '73181595', description: 'Steel bolts, threaded', itemId: 'SKU-10008', unitMass: 0.05, unitValue: 0.3 },
  { code: '85076000', description: 'Lithium-ion accumulators', itemId: 'SKU-10009', unitMass: 0.6, unitValue: 45 },
  { code: '90049010', description: 'Spectacles with plastic lenses', itemId: 'SKU-10010', unitMass: 0.05, unitValue: 22 },
  { code: '95030070', description: 'Toy construction sets', itemId: 'SKU-10011', unitMass: 0.8, unitValue: 15 },
  { code: '42022290', description: 'Handbags of textile materials', itemId: 'SKU-10012', unitMass: 0.5, unitValue: 25 },
  { code: '33049900', description: 'Skin care preparations', itemId: 'SKU-10013', unitMass: 0.25, unitValue: 9 },
  { code: '09012100', description: 'Roasted coffee, not decaffeinated', itemId: 'SKU-10014', unitMass: 1, unitValue: 11 },
  { code: '04069032', description: 'Feta cheese', itemId: 'SKU-10015', unitMass: 1, unitValue: 7 },
  { code: '08081080', description: 'Fresh apples', itemId: 'SKU-10016', unitMass: 18, unitValue: 14 },
  { code: '30049000', description: 'Medicaments in measured doses', itemId: 'SKU-10017', unitMass: 0.1, unitValue: 30 },
  { code: '85285210', description: 'Computer monitors', itemId: 'SKU-10018', unitMass: 5.5, unitValue: 160 },
  { code: '84151090', description: 'Split-system air conditioners', itemId: 'SKU-10019', unitMass: 38, unitValue: 420 },
  { code: '48191000', description: 'Corrugated cardboard boxes', itemId: 'SKU-10020', unitMass: 0.3, unitValue: 0.8 },
  { code: '69111000', description: 'Porcelain tableware', itemId: 'SKU-10021', unitMass: 2.2, unitValue: 19 },
  { code: '85423190', description: 'Processors and controllers, integrated circuits', itemId: 'SKU-10022', unitMass: 0.01, unitValue: 55 },
];

const EXCISE_PRODUCTS: readonly Product[] = [
  {
    code: '22030001',
    description: 'Beer made from malt, in bottles',
    itemId: 'SKU-20001',
    unitMass: 0.55,
    unitValue: 1.2,
    exciseProductCode: 'B000',
  },
  {
    code: '22042109',
    description: 'Still wine, in bottles of 0.75 l',
    itemId: 'SKU-20002',
    unitMass: 1.3,
    unitValue: 6.5,
    exciseProductCode: 'W200',
  },
  {
    code: '22083011',
    description: 'Single malt whisky, bottles of 0.7 l',
    itemId: 'SKU-20003',
    unitMass: 1.4,
    unitValue: 28,
    exciseProductCode: 'S200',
  },
  {
    code: '24022090',
    description: 'Cigarettes containing tobacco',
    itemId: 'SKU-20004',
    unitMass: 0.02,
    unitValue: 0.4,
    exciseProductCode: 'T200',
  },
];

interface Company {
  code: string;
  name: string;
  eori: string;
  country: string;
}

/** The tenant's own companies per jurisdiction (importer / exporter). */
const OWN: Record<string, Company> = {
  GB: { code: 'BP-GB-ACME', name: 'Acme Trading UK Ltd', eori: 'GB123456789000', country: 'GB' },
  NL: { code: 'BP-NL-ACME', name: 'Acme Trading BV', eori: 'NL812345678', country: 'NL' },
  BE: { code: 'BP-BE-ACME', name: 'Acme Benelux NV', eori: 'BE0412345678', country: 'BE' },
  DE: { code: 'BP-DE-ACME', name: 'Acme Handels GmbH', eori: 'DE4711234567890', country: 'DE' },
  FR: { code: 'BP-FR-ACME', name: 'Acme France SAS', eori: 'FR12345678901', country: 'FR' },
  IE: { code: 'BP-IE-ACME', name: 'Acme Ireland Ltd', eori: 'IE1234567T', country: 'IE' },
};

const FOREIGN: readonly Company[] = [
  { code: 'BP-CN-SZBE', name: 'Shenzhen Bright Electronics Co., Ltd', eori: 'CN914403001234567', country: 'CN' },
  { code: 'BP-VN-HNTX', name: 'Hanoi Textiles JSC', eori: 'VN0101234567', country: 'VN' },
  { code: 'BP-TR-BHG', name: 'Bursa Home Goods A.S.', eori: 'TR1234567890', country: 'TR' },
  { code: 'BP-NO-NOUT', name: 'Nordic Outdoor AS', eori: 'NO912345678', country: 'NO' },
  { code: 'BP-US-BINS', name: 'Boston Instruments Inc.', eori: 'US123456789', country: 'US' },
  { code: 'BP-CH-ALPS', name: 'Alpenhandel AG', eori: 'CH123456789', country: 'CH' },
];

const AGENT: Company = { code: 'BP-GB-SWFT', name: 'Swift Customs Brokers Ltd', eori: 'GB987654321000', country: 'GB' };

const OFFICES: Record<string, readonly string[]> = {
  GB: ['GB000051', 'GB000084', 'GB000060', 'GB000080'],
  NL: ['NL000510', 'NL000432'],
  BE: ['BE101000', 'BE212000'],
  DE: ['DE002304', 'DE004058'],
  FR: ['FR000600', 'FR000010'],
  IE: ['IEDUB100', 'IEDUB400'],
};

const STORAGE_LOCATIONS: Record<string, readonly string[]> = {
  GB: ['GB-FXT-01', 'GB-LHR-02'],
  NL: ['NL-RTM-01', 'NL-AMS-02'],
  BE: ['BE-ANR-01'],
  DE: ['DE-HAM-01', 'DE-DUS-02'],
  FR: ['FR-LEH-01'],
  IE: ['IE-DUB-01'],
};

const JURISDICTION_WEIGHTS: readonly [string, number][] = [
  ['GB', 35],
  ['NL', 20],
  ['BE', 15],
  ['DE', 12],
  ['FR', 10],
  ['IE', 8],
];

type Scenario = 'released' | 'accepted' | 'submitted' | 'validated' | 'invalid' | 'customsError' | 'prelodge' | 'excise' | 'exit';
const SCENARIO_WEIGHTS: readonly [Scenario, number][] = [
  ['released', 34],
  ['accepted', 10],
  ['submitted', 7],
  ['validated', 8],
  ['invalid', 11],
  ['customsError', 6],
  ['prelodge', 6],
  ['excise', 10],
  ['exit', 8],
];

/** Declarations (by shipment index) with many goods items, for UI performance. */
const LARGE_ITEM_COUNTS: Record<number, number> = { 7: 999, 13: 150, 42: 250, 101: 400 };

const party = (c: Company): JsonObject => ({ name: c.name, businessPartnerReference: [{ code: c.eori, type: 'Eori' }] });

function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng.next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ['8', '9', 'a', 'b'][Math.floor(rng.next() * 4)] ?? '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Master data: business partners (own companies, suppliers, customers, the agent) and articles. */
export async function seedMasterData(
  tx: SandboxRepositories,
  at: Date,
): Promise<{ partners: BusinessPartner[]; articles: ArticleDataItem[] }> {
  const partners: BusinessPartner[] = [
    ...Object.entries(OWN).map(([j, c]) => ({
      businessPartnerCode: c.code,
      name: c.name,
      eori: c.eori,
      roles: ['Consignee', 'Consignor', 'Importer', 'Exporter'],
      storageLocationReferences: [...(STORAGE_LOCATIONS[j] ?? [])],
      address: { country: c.country },
    })),
    ...FOREIGN.map((c) => ({
      businessPartnerCode: c.code,
      name: c.name,
      eori: c.eori,
      roles: ['Supplier', 'Customer'],
      address: { country: c.country },
    })),
    { businessPartnerCode: AGENT.code, name: AGENT.name, eori: AGENT.eori, roles: ['Agent', 'Declarant'], address: { country: 'GB' } },
  ];
  const articles: ArticleDataItem[] = [...PRODUCTS, ...EXCISE_PRODUCTS].map((p) => ({
    itemId: p.itemId,
    description: p.description,
    commodityCode: p.code,
    netMass: p.unitMass,
    ...(p.exciseProductCode ? { exciseProductCode: p.exciseProductCode } : {}),
  }));
  await tx.articlesAndPartners.upsertBusinessPartners(SEED_TENANT, partners, at.toISOString());
  await tx.articlesAndPartners.upsertArticles(SEED_TENANT, articles, at.toISOString());
  return { partners, articles };
}

interface SeedPlan {
  scenario: Scenario;
  jurisdiction: string;
  direction: Direction;
  flow: CustomsFlowConfig;
  step: FlowStepConfig;
}

function plan(rng: Rng): SeedPlan {
  let scenario = rng.weighted(SCENARIO_WEIGHTS);
  let jurisdiction = rng.weighted(JURISDICTION_WEIGHTS);
  let direction: Direction = rng.next() < 0.65 ? 'IN' : 'OUT';
  if (scenario === 'prelodge') {
    direction = 'IN';
    if (jurisdiction !== 'GB' && jurisdiction !== 'IE') jurisdiction = 'GB';
  }
  if (scenario === 'exit') {
    direction = 'OUT';
    if (jurisdiction !== 'GB' && jurisdiction !== 'BE') jurisdiction = rng.next() < 0.5 ? 'GB' : 'BE';
  }
  if (scenario === 'validated' && !(direction === 'IN' && (jurisdiction === 'NL' || jurisdiction === 'DE'))) {
    direction = 'IN';
    jurisdiction = rng.next() < 0.6 ? 'NL' : 'DE';
  }
  const flow = findFlow(direction, jurisdiction, scenario === 'excise');
  if (!flow) {
    scenario = 'released';
    return plan(rng);
  }
  const step = scenario === 'prelodge' ? flow.steps.find((s) => s.kind === 'prelodge') : flow.steps[0];
  if (!step) throw new Error(`seed: no step for ${flow.name}`);
  return { scenario, jurisdiction, direction, flow, step };
}

function buildItems(rng: Rng, count: number, products: readonly Product[], currency: string): JsonObject[] {
  return Array.from({ length: count }, (_, i) => {
    const p = rng.pick(products);
    const quantity = 1 + Math.floor(rng.next() * (p.unitMass > 10 ? 20 : 500));
    const nmass = Math.round(p.unitMass * quantity * 100) / 100 || 0.01;
    const gmass = Math.round(nmass * (1.05 + rng.next() * 0.15) * 100) / 100;
    const item: JsonObject = {
      commodity: { description: p.description, itemId: p.itemId, classification: { id: p.code } },
      goodsMeasure: { gmass, nmass },
      packaging: [
        {
          type: rng.pick(['CT', 'PK', 'PX', 'BX']),
          quantity: Math.max(1, Math.round(quantity / 10)),
          shippingMarks: `ACME/${String(i + 1).padStart(3, '0')}`,
        },
      ],
      customsValue: { amount: Math.round(p.unitValue * quantity * 100) / 100, currency },
    };
    if (p.exciseProductCode) item.exciseGoodsItem = { exciseProductCode: p.exciseProductCode, quantity };
    return item;
  });
}

/** Defects for Invalid declarations (each produces a V-code). */
const DEFECTS: readonly ((sad: JsonObject, items: JsonObject[]) => void)[] = [
  (sad) => delete sad.declarationOfficeCode,
  (sad) => (sad.declarationOfficeCode = 'GB12'),
  (sad) => delete sad.addDeclType,
  (_sad, items) => {
    const commodity = items[0]?.commodity;
    if (commodity && typeof commodity === 'object' && !Array.isArray(commodity)) Reflect.deleteProperty(commodity, 'classification');
  },
  (_sad, items) => {
    const last = items[items.length - 1];
    if (last) last.commodity = { description: 'Unclassified spare parts', classification: { id: '99999999' } };
  },
  (_sad, items) => {
    const first = items[0];
    if (first) first.goodsMeasure = { gmass: 100, nmass: 120 };
  },
  (_sad, items) => {
    const first = items[0];
    if (first) first.customsValue = { amount: 1500, currency: 'USD' };
  },
  (sad) => {
    const gs = sad.goodsShipment;
    if (gs && typeof gs === 'object' && !Array.isArray(gs))
      Reflect.set(gs, 'consignee', { name: 'Unknown importer', businessPartnerReference: [{ code: 'GB12345', type: 'Eori' }] });
  },
];

/** Seeds the demo data set in `tx`; `now` places it in time. */
export async function seedDeclarations(tx: SandboxRepositories, now: Date): Promise<void> {
  const rng = createRng(20260101);
  const dayStart = Math.floor(now.getTime() / DAY) * DAY;
  await seedMasterData(tx, now);
  const declarations: NewDeclarationWithItems[] = [];
  for (let n = 0; n < SEED_DECLARATION_SHIPMENTS; n++) {
    const p = plan(rng);
    const { scenario, jurisdiction, direction, flow, step } = p;
    const own = OWN[jurisdiction] ?? OWN.GB;
    const foreign = rng.pick(FOREIGN);
    if (!own) throw new Error('seed: no company');
    const currency = jurisdiction === 'GB' ? (rng.next() < 0.85 ? 'GBP' : 'USD') : rng.next() < 0.9 ? 'EUR' : 'USD';
    const tag = scenario === 'submitted' ? '-HOLD' : scenario === 'customsError' ? '-REJECT' : '';
    const externalReference = `${direction === 'IN' ? 'PO' : 'SO'}-${jurisdiction}-${String(240000 + n * 7)}${tag}`;
    const storageLocation = rng.pick(STORAGE_LOCATIONS[jurisdiction] ?? ['GB-FXT-01']);
    const itemCount = LARGE_ITEM_COUNTS[n] ?? 1 + Math.floor(rng.next() ** 2 * 30);
    const items = buildItems(rng, itemCount, scenario === 'excise' ? EXCISE_PRODUCTS : PRODUCTS, currency);
    const sad: JsonObject = {
      declType: scenario === 'excise' ? 'EAD' : direction === 'IN' ? 'IM' : 'EX',
      addDeclType: scenario === 'prelodge' ? 'D' : rng.next() < 0.8 ? 'A' : 'Z',
      invoiceCurrency: currency,
      declarationOfficeCode: rng.pick(OFFICES[jurisdiction] ?? ['GB000051']),
      agentStatus: '2',
      ucr: `${String(now.getUTCFullYear() % 10)}${jurisdiction}${own.eori.slice(2, 14)}-${String(n).padStart(5, '0')}`,
      agent: party(AGENT),
      additionalDocuments: [{ category: 'N', refNum: `INV-${String(90000 + n)}`, type: '935' }],
      goodsShipment: {
        consignor: party(direction === 'IN' ? foreign : own),
        consignee: party(direction === 'IN' ? own : foreign),
        exportCountry: direction === 'IN' ? foreign.country : jurisdiction,
        destinationCountry: direction === 'IN' ? jurisdiction : foreign.country,
        governmentAgencyGoodsItems: items,
      },
    };
    if (scenario === 'excise') delete sad.addDeclType;
    if (scenario === 'invalid') {
      const defects = rng.shuffle([...DEFECTS]).slice(0, 2 + Math.floor(rng.next() * 3));
      for (const defect of defects) defect(sad, items);
    }

    const shipmentId = uuidFrom(rng);
    const createdAt = onWeekday(dayStart - Math.floor(rng.next() * HISTORY_DAYS * DAY) + Math.floor(rng.next() * DAY * 0.9));
    await tx.shipments.insert(
      {
        id: shipmentId,
        tenantId: SEED_TENANT,
        externalReference,
        direction,
        data: { externalReference, direction, storageLocationReference: storageLocation, singleAdministrativeDocument: sad },
      },
      new Date(createdAt).toISOString(),
    );

    const { header, items: rawItems } = splitDocument(sad);
    const goods = newGoodsItems(rawItems, () => uuidFrom(rng));
    const errors = validateDeclaration({
      direction,
      excise: flow.excise,
      header: singleAdministrativeDocumentSchema.parse(header),
      items: goods.map((g) => goodsItemSchema.parse(g.data)),
    });
    if (scenario !== 'invalid' && errors.length)
      throw new Error(`seed: ${externalReference} should be valid: ${errors.map((e) => e.errorCode).join(', ')}`);

    const insert = async (args: {
      step: FlowStepConfig;
      status: DeclarationStatus;
      at: number;
      errors?: DeclarationError[];
      accepted: boolean;
      items: GoodsItemDocument[];
    }): Promise<void> => {
      const id = uuidFrom(rng);
      const accepted = args.accepted ? new Date(args.at + acceptanceMinutes(rng.next()) * 60_000) : null;
      declarations.push({
        declaration: {
          id,
          tenantId: SEED_TENANT,
          shipmentId,
          status: args.status,
          mrn: accepted && !flow.excise ? generateMrn(id, 1, jurisdiction, accepted) : null,
          lrn: await nextLrn(tx.declarationCounters, jurisdiction, new Date(args.at)),
          arc: accepted && flow.excise ? generateArc(id, jurisdiction, accepted) : null,
          ucr: typeof sad.ucr === 'string' ? sad.ucr : null,
          externalReference,
          direction,
          customsFlow: flow.name,
          customsFlowStep: args.step.name,
          stepInstanceCount: 1,
          stepInstanceSeq: 1,
          jurisdiction,
          storageLocation,
          shipFrom: direction === 'IN' ? foreign.country : jurisdiction,
          shipTo: direction === 'IN' ? jurisdiction : foreign.country,
          declarationDate: accepted?.toISOString() ?? null,
          creationDate: new Date(args.at).toISOString(),
          lastUpdated: new Date(Math.max(args.at, accepted?.getTime() ?? 0) + Math.floor(rng.next() * 3 * 3_600_000)).toISOString(),
          header,
          errors: args.errors ?? [],
          submission: args.status === 'Invalid' || args.status === 'Validated' ? 0 : 1,
        },
        items: args.items,
      });
    };

    const statusOf: Record<Scenario, DeclarationStatus> = {
      released: 'Released',
      accepted: 'Accepted',
      submitted: 'Submitted',
      validated: 'Validated',
      invalid: 'Invalid',
      customsError: 'CustomsError',
      prelodge: 'Accepted',
      excise: 'Accepted',
      exit: 'Released',
    };
    const status = statusOf[scenario];
    const customsErrors =
      scenario === 'customsError'
        ? [
            cdsError(
              'CDS12005',
              direction === 'IN' ? 'consignee' : 'consignor',
              direction === 'IN' ? 'Declaration->GoodsShipment->Importer->ID' : 'Declaration->Exporter->ID',
            ),
            ...(rng.next() < 0.5
              ? [cdsError('CDS12082', 'currency', 'Declaration->GoodsShipment->GovernmentAgencyGoodsItem(1)->CustomsValueAmount')]
              : []),
          ]
        : undefined;
    await insert({
      step,
      status,
      at: createdAt,
      errors: scenario === 'invalid' ? errors : customsErrors,
      accepted: ['Released', 'Accepted'].includes(status),
      items: goods,
    });
    if (scenario === 'exit') {
      const exitStep = flow.steps.find((s) => s.kind === 'exit');
      if (exitStep) {
        const exitItems = goods.map((g) => ({ ...g, id: uuidFrom(rng) }));
        await insert({
          step: exitStep,
          status: rng.next() < 0.6 ? 'ExitConfirmed' : 'Accepted',
          at: Math.min(createdAt + DAY / 2, now.getTime()),
          accepted: true,
          items: exitItems,
        });
      }
    }
  }
  await seedActionShowcase(tx, declarations, dayStart);
  await seedHistory(tx, declarations, now, {
    tenantId: SEED_TENANT,
    products: PRODUCTS,
    own: OWN,
    foreign: FOREIGN,
    agent: AGENT,
    offices: OFFICES,
    storageLocations: STORAGE_LOCATIONS,
    jurisdictionWeights: JURISDICTION_WEIGHTS,
    party,
    buildItems,
    uuidFrom,
  });
  await tx.declarations.insert(declarations);
}

interface ShowcaseCase {
  key: string;
  jurisdiction: string;
  direction: Direction;
  excise: boolean;
  status: DeclarationStatus;
  /** singleAdministrativeDocument.exciseMovement (actions/excise-movement.ts). */
  exciseMovement?: JsonObject;
}

/**
 * Declarations ready for each declaration action (src/sandbox/actions/README.md): e-ADs in every
 * EMCS state the actions lead to, and an invalidated import. Own PRNG, so the main set above keeps
 * its ids. References PO-/SO-<J>-EMCS-<key>.
 */
const SHOWCASE: readonly ShowcaseCase[] = [
  { key: 'RECEIPT-1', jurisdiction: 'GB', direction: 'IN', excise: true, status: 'Accepted' },
  { key: 'RECEIPT-2', jurisdiction: 'NL', direction: 'IN', excise: true, status: 'Accepted' },
  { key: 'DISPATCH-1', jurisdiction: 'GB', direction: 'OUT', excise: true, status: 'Accepted' },
  { key: 'DISPATCH-2', jurisdiction: 'NL', direction: 'OUT', excise: true, status: 'Accepted' },
  {
    key: 'DIVERTED',
    jurisdiction: 'DE',
    direction: 'OUT',
    excise: true,
    status: 'Accepted',
    exciseMovement: { sequenceNumber: 2, history: [{ message: 'IE813', action: 'changeDestination', sequenceNumber: 1 }] },
  },
  {
    key: 'SHORTAGE',
    jurisdiction: 'GB',
    direction: 'IN',
    excise: true,
    status: 'Delivered',
    exciseMovement: {
      reportOfReceipt: { globalConclusionOfReceipt: '2', shortageOrExcess: true },
      history: [{ message: 'IE818', action: 'receiptReport', sequenceNumber: 1 }],
    },
  },
  {
    key: 'DELIVERED',
    jurisdiction: 'BE',
    direction: 'IN',
    excise: true,
    status: 'Delivered',
    exciseMovement: {
      reportOfReceipt: { globalConclusionOfReceipt: '1', shortageOrExcess: false },
      history: [{ message: 'IE818', action: 'receiptReport', sequenceNumber: 1 }],
    },
  },
  {
    key: 'PARTREFUSED',
    jurisdiction: 'FR',
    direction: 'IN',
    excise: true,
    status: 'PartiallyRefused',
    exciseMovement: {
      reportOfReceipt: { globalConclusionOfReceipt: '4', shortageOrExcess: true },
      history: [{ message: 'IE818', action: 'receiptReport', sequenceNumber: 1 }],
    },
  },
  {
    key: 'REFUSED',
    jurisdiction: 'IE',
    direction: 'IN',
    excise: true,
    status: 'Refused',
    exciseMovement: {
      reportOfReceipt: { globalConclusionOfReceipt: '3', shortageOrExcess: false },
      history: [{ message: 'IE818', action: 'receiptReport', sequenceNumber: 1 }],
    },
  },
  {
    key: 'ALERTED',
    jurisdiction: 'GB',
    direction: 'IN',
    excise: true,
    status: 'Alerted',
    exciseMovement: { history: [{ message: 'IE819', action: 'rejectOrAlertEad', sequenceNumber: 1 }] },
  },
  {
    key: 'REJECTED',
    jurisdiction: 'NL',
    direction: 'IN',
    excise: true,
    status: 'Rejected',
    exciseMovement: { history: [{ message: 'IE819', action: 'rejectOrAlertEad', sequenceNumber: 1 }] },
  },
  {
    key: 'CANCELLED',
    jurisdiction: 'BE',
    direction: 'OUT',
    excise: true,
    status: 'Cancelled',
    exciseMovement: { history: [{ message: 'IE810', action: 'invalidate', sequenceNumber: 1 }] },
  },
  { key: 'INVALIDATED', jurisdiction: 'GB', direction: 'IN', excise: false, status: 'Invalidated' },
];

async function seedActionShowcase(tx: SandboxRepositories, declarations: NewDeclarationWithItems[], dayStart: number): Promise<void> {
  const rng = createRng(20260202);
  for (const c of SHOWCASE) {
    const flow = findFlow(c.direction, c.jurisdiction, c.excise);
    const step = flow?.steps[0];
    const own = OWN[c.jurisdiction];
    if (!flow || !step || !own) throw new Error(`seed: no flow for showcase ${c.key}`);
    const foreign = rng.pick(FOREIGN.filter((f) => f.country !== 'TR'));
    const currency = c.jurisdiction === 'GB' ? 'GBP' : 'EUR';
    const externalReference = `${c.direction === 'IN' ? 'PO' : 'SO'}-${c.jurisdiction}-EMCS-${c.key}`;
    const storageLocation = STORAGE_LOCATIONS[c.jurisdiction]?.[0] ?? null;
    const items = buildItems(rng, 2 + Math.floor(rng.next() * 4), c.excise ? EXCISE_PRODUCTS : PRODUCTS, currency);
    // Excise movements between the tenant's own tax warehouses: the other party is a European company.
    const other = c.excise ? (OWN[c.jurisdiction === 'GB' ? 'NL' : 'GB'] ?? own) : foreign;
    const sad: JsonObject = {
      declType: c.excise ? 'EAD' : 'IM',
      ...(c.excise ? {} : { addDeclType: 'A' }),
      invoiceCurrency: currency,
      declarationOfficeCode: OFFICES[c.jurisdiction]?.[0] ?? 'GB000051',
      agentStatus: '2',
      agent: party(AGENT),
      goodsShipment: {
        consignor: party(c.direction === 'IN' ? other : own),
        consignee: party(c.direction === 'IN' ? own : other),
        exportCountry: c.direction === 'IN' ? other.country : c.jurisdiction,
        destinationCountry: c.direction === 'IN' ? c.jurisdiction : other.country,
        governmentAgencyGoodsItems: items,
      },
    };
    const shipmentId = uuidFrom(rng);
    const createdAt = dayStart - (1 + Math.floor(rng.next() * 10)) * DAY;
    await tx.shipments.insert(
      {
        id: shipmentId,
        tenantId: SEED_TENANT,
        externalReference,
        direction: c.direction,
        data: { externalReference, direction: c.direction, storageLocationReference: storageLocation, singleAdministrativeDocument: sad },
      },
      new Date(createdAt).toISOString(),
    );
    const { header, items: rawItems } = splitDocument(sad);
    const goods = newGoodsItems(rawItems, () => uuidFrom(rng));
    const id = uuidFrom(rng);
    const accepted = new Date(createdAt + 45 * 60_000);
    const acceptedIso = accepted.toISOString();
    const movement = c.exciseMovement && {
      sequenceNumber: 1,
      pendingMessage: null,
      ...c.exciseMovement,
      history: (Array.isArray(c.exciseMovement.history) ? c.exciseMovement.history : []).map((h: unknown) => ({
        ...(h && typeof h === 'object' ? h : {}),
        acceptedAt: new Date(createdAt + DAY / 2).toISOString(),
      })),
    };
    declarations.push({
      declaration: {
        id,
        tenantId: SEED_TENANT,
        shipmentId,
        status: c.status,
        mrn: c.excise ? null : generateMrn(id, 1, c.jurisdiction, accepted),
        lrn: await nextLrn(tx.declarationCounters, c.jurisdiction, new Date(createdAt)),
        arc: c.excise ? generateArc(id, c.jurisdiction, accepted) : null,
        ucr: null,
        externalReference,
        direction: c.direction,
        customsFlow: flow.name,
        customsFlowStep: step.name,
        stepInstanceCount: 1,
        stepInstanceSeq: 1,
        jurisdiction: c.jurisdiction,
        storageLocation,
        shipFrom: c.direction === 'IN' ? other.country : c.jurisdiction,
        shipTo: c.direction === 'IN' ? c.jurisdiction : other.country,
        declarationDate: acceptedIso,
        creationDate: new Date(createdAt).toISOString(),
        lastUpdated: new Date(createdAt + DAY / 2).toISOString(),
        header: movement ? { ...header, exciseMovement: movement } : header,
        submission: 1,
      },
      items: goods,
    });
  }
}
