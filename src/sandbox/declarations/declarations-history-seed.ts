import type { Direction } from '../../contract/customs-shipment.js';
import { goodsItemSchema, singleAdministrativeDocumentSchema } from '../../contract/customs-shipment.js';
import { findFlow } from '../flows/flow-config.js';
import { splitDocument } from '../flows/flow-engine.js';
import { generateMrn, nextLrn } from '../flows/identifiers.js';
import { newGoodsItems } from '../flows/selective-update.js';
import { validateDeclaration } from '../flows/validation.js';
import type { JsonObject, NewDeclarationWithItems } from '../store/declarations/declaration-record.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { createRng, type Rng } from './prng.js';

interface Company {
  code: string;
  name: string;
  eori: string;
  country: string;
}

/** The main seed's master data and helpers (passed in: the main seed imports this file). */
export interface HistoryKit<P> {
  tenantId: string;
  products: readonly P[];
  own: Readonly<Record<string, Company>>;
  foreign: readonly Company[];
  agent: Company;
  offices: Readonly<Record<string, readonly string[]>>;
  storageLocations: Readonly<Record<string, readonly string[]>>;
  jurisdictionWeights: readonly [string, number][];
  party: (c: Company) => JsonObject;
  buildItems: (rng: Rng, count: number, products: readonly P[], currency: string) => JsonObject[];
  uuidFrom: (rng: Rng) => string;
}

/**
 * The demo tenant's past three months (the operations dashboard, issue 25): released import and
 * export declarations, more on weekdays than at weekends, with acceptance mostly within minutes
 * and release within the half hour, a tail that misses the targets. One goods item each, so the
 * seed stays fast; own PRNG, so the main set keeps its ids. References PO-/SO-<J>-H<n>.
 */
export const HISTORY_DAYS = 90;

/**
 * Whether a declaration belongs to the history set. Its documents are not rendered at start: about
 * 600 PDFs would keep a freshly seeded sandbox busy for half a minute, for figures nobody opens.
 */
export const isHistoryReference = (externalReference: string): boolean => /^(PO|SO)-[A-Z]{2}-H\d{5}$/.test(externalReference);
const DAY = 86_400_000;
const MINUTE = 60_000;
/** Declarations per weekday, Sunday first. */
const PER_WEEKDAY = [1, 9, 8, 8, 8, 7, 2] as const;

/** Saturday and Sunday moved to the Friday before (the main set is lodged on weekdays). */
export function onWeekday(ms: number): number {
  const weekday = new Date(ms).getUTCDay();
  return weekday === 6 ? ms - DAY : weekday === 0 ? ms - 2 * DAY : ms;
}

/** Lodgement to acceptance for a draw r in [0, 1): 85 % within 1 to 5 minutes, the rest up to 4 hours. */
export function acceptanceMinutes(r: number): number {
  return r < 0.85 ? 1 + Math.floor(r * 5) : 5 + Math.floor((r - 0.85) ** 2 * 10_000);
}

/** Acceptance to release: most within 20 minutes, 15 % between half an hour and three hours. */
const releaseMinutes = (r: number): number => (r < 0.85 ? 2 + Math.floor(r * 20) : 30 + Math.floor((r - 0.85) * 1000));

export async function seedHistory<P>(
  tx: SandboxRepositories,
  declarations: NewDeclarationWithItems[],
  now: Date,
  kit: HistoryKit<P>,
): Promise<void> {
  const {
    tenantId,
    products,
    own: OWN,
    foreign: FOREIGN,
    agent: AGENT,
    offices: OFFICES,
    storageLocations: STORAGE_LOCATIONS,
    jurisdictionWeights: JURISDICTION_WEIGHTS,
    party,
    buildItems,
    uuidFrom,
  } = kit;
  const rng = createRng(20260303);
  const dayStart = Math.floor(now.getTime() / DAY) * DAY;
  let n = 0;
  const checked = new Set<string>();
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = dayStart - back * DAY;
    const base = PER_WEEKDAY[new Date(day).getUTCDay()] ?? 0;
    const count = Math.max(0, base + Math.round((rng.next() - 0.5) * base * 0.6));
    for (let i = 0; i < count; i++, n++) {
      const jurisdiction = rng.weighted(JURISDICTION_WEIGHTS);
      const direction: Direction = rng.next() < 0.65 ? 'IN' : 'OUT';
      const flow = findFlow(direction, jurisdiction, false);
      const step = flow?.steps[0];
      const own = OWN[jurisdiction];
      if (!flow || !step || !own) continue;
      const foreign = rng.pick(FOREIGN);
      const currency = jurisdiction === 'GB' ? 'GBP' : 'EUR';
      const externalReference = `${direction === 'IN' ? 'PO' : 'SO'}-${jurisdiction}-H${String(n).padStart(5, '0')}`;
      const storageLocation = rng.pick(STORAGE_LOCATIONS[jurisdiction] ?? ['GB-FXT-01']);
      const items = buildItems(rng, 1, products, currency);
      const sad: JsonObject = {
        declType: direction === 'IN' ? 'IM' : 'EX',
        addDeclType: 'A',
        invoiceCurrency: currency,
        declarationOfficeCode: rng.pick(OFFICES[jurisdiction] ?? ['GB000051']),
        agentStatus: '2',
        agent: party(AGENT),
        goodsShipment: {
          consignor: party(direction === 'IN' ? foreign : own),
          consignee: party(direction === 'IN' ? own : foreign),
          exportCountry: direction === 'IN' ? foreign.country : jurisdiction,
          destinationCountry: direction === 'IN' ? jurisdiction : foreign.country,
          governmentAgencyGoodsItems: items,
        },
      };
      // Office hours, 07:00 to 19:00 UTC.
      const lodged = day + 7 * 3_600_000 + Math.floor(rng.next() * 12 * 3_600_000);
      const accepted = lodged + acceptanceMinutes(rng.next()) * MINUTE;
      const released = accepted + releaseMinutes(rng.next()) * MINUTE;
      const shipmentId = uuidFrom(rng);
      await tx.shipments.insert(
        {
          id: shipmentId,
          tenantId,
          externalReference,
          direction,
          data: { externalReference, direction, storageLocationReference: storageLocation, singleAdministrativeDocument: sad },
        },
        new Date(lodged).toISOString(),
      );
      const { header, items: rawItems } = splitDocument(sad);
      const goods = newGoodsItems(rawItems, () => uuidFrom(rng));
      // One of each jurisdiction and direction is checked (validation is the seed's slowest part; the rest are built alike).
      const kind = `${jurisdiction}-${direction}`;
      if (!checked.has(kind)) {
        checked.add(kind);
        const errors = validateDeclaration({
          direction,
          excise: false,
          header: singleAdministrativeDocumentSchema.parse(header),
          items: goods.map((g) => goodsItemSchema.parse(g.data)),
        });
        if (errors.length) throw new Error(`seed: ${externalReference} should be valid: ${errors.map((e) => e.errorCode).join(', ')}`);
      }
      const id = uuidFrom(rng);
      declarations.push({
        declaration: {
          id,
          tenantId,
          shipmentId,
          status: 'Released',
          mrn: generateMrn(id, 1, jurisdiction, new Date(accepted)),
          lrn: await nextLrn(tx.declarationCounters, jurisdiction, new Date(lodged)),
          arc: null,
          ucr: null,
          externalReference,
          direction,
          customsFlow: flow.name,
          customsFlowStep: step.name,
          stepInstanceCount: 1,
          stepInstanceSeq: 1,
          jurisdiction,
          storageLocation,
          shipFrom: direction === 'IN' ? foreign.country : jurisdiction,
          shipTo: direction === 'IN' ? jurisdiction : foreign.country,
          declarationDate: new Date(accepted).toISOString(),
          creationDate: new Date(lodged).toISOString(),
          lastUpdated: new Date(released).toISOString(),
          header,
          errors: [],
          submission: 1,
        },
        items: goods,
      });
    }
  }
}
