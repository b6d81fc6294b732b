import sharp from 'sharp';
import type { AssignedClassification, Jurisdiction } from '../../contract/classification.js';
import type { SandboxContext } from '../context.js';
import { runJob } from './runs.js';
import type { PreparedImage } from '../store/classification/classification-records.js';

/** What the classification seed uses of the sandbox's context: the signature says what it depends on. */
type ClassificationSeedDeps = Pick<SandboxContext, 'jobs' | 'now' | 'store'>;

/** Demo tenant with classification (docs/architecture.md section 5). Credits are seeded by the tenant store (100). */
const TENANT = 't-acc-001';

interface SeedItem {
  ref: string;
  description: string;
  origin?: string;
  assigned?: AssignedClassification[];
  /** Image file names; each becomes a small generated PNG. */
  images?: string[];
  /** Jurisdictions of completed demo runs (no credit is taken for seed runs). */
  runs?: Jurisdiction[];
}

/**
 * About 40 items an analyst meets: clear descriptions, vague ones, items with photos, assigned
 * codes that match and some that the engine can improve on (hasBetterSuggestion after the
 * seeded runs complete).
 */
const ITEMS: SeedItem[] = [
  {
    ref: 'SKU-10001',
    description: "Women's handbag, outer surface of genuine leather, with shoulder strap",
    origin: 'IT',
    assigned: [{ jurisdiction: 'EU', code: '42029180', comment: 'Legacy master data' }],
    images: ['leather-handbag-front.png', 'leather-handbag-side.png'],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10002',
    description: "Men's T-shirt, knitted, 100% cotton, short sleeves",
    origin: 'BD',
    assigned: [{ jurisdiction: 'UK', code: '6109100010' }],
    images: ['cotton-tshirt.png'],
    runs: ['UK'],
  },
  {
    ref: 'SKU-10003',
    description: 'Blended Scotch whisky in 70 cl glass bottles, 40% vol',
    origin: 'GB',
    assigned: [{ jurisdiction: 'EU', code: '22083071' }],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10004',
    description: 'Stainless steel kitchen knives with fixed blades, set of three',
    origin: 'DE',
    assigned: [{ jurisdiction: 'EU', code: '73239300' }],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10005',
    description: 'Roasted coffee beans, not decaffeinated, in 1 kg bags',
    origin: 'BR',
    assigned: [{ jurisdiction: 'EU', code: '09012100' }],
    images: ['coffee-beans-bag.png'],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10006',
    description: 'Portable laptop computer, 14 inch screen, weighing 1.4 kg',
    origin: 'CN',
    assigned: [{ jurisdiction: 'US', code: '8471300100' }],
    runs: ['US', 'EU'],
  },
  {
    ref: 'SKU-10007',
    description: 'Bicycle helmets of plastics for adults',
    origin: 'CN',
    assigned: [{ jurisdiction: 'EU', code: '39269097' }],
    images: ['bike-helmet.png'],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10008',
    description: 'Fresh bananas, Cavendish, in cartons',
    origin: 'EC',
    assigned: [{ jurisdiction: 'EU', code: '08039010' }],
    runs: ['EU'],
  },
  { ref: 'SKU-10009', description: 'Wooden toy building blocks for children', origin: 'PL', runs: ['UK'] },
  {
    ref: 'SKU-10010',
    description: 'Lithium-ion rechargeable batteries for mobile phones',
    origin: 'KR',
    assigned: [{ jurisdiction: 'EU', code: '85076000' }],
    runs: ['EU'],
  },
  { ref: 'SKU-10011', description: 'Parts', origin: 'CN', runs: ['EU'] },
  {
    ref: 'SKU-10012',
    description: 'Extra virgin olive oil in 500 ml bottles',
    origin: 'ES',
    assigned: [{ jurisdiction: 'EU', code: '15092000' }],
    images: ['olive-oil-bottle.png'],
    runs: ['EU', 'CH'],
  },
  {
    ref: 'SKU-10013',
    description: 'Sparkling wine from grapes, Champagne, 75 cl bottles',
    origin: 'FR',
    assigned: [{ jurisdiction: 'UK', code: '2204101100' }],
    runs: ['UK'],
  },
  {
    ref: 'SKU-10014',
    description: "Men's leather shoes with rubber outer soles",
    origin: 'PT',
    assigned: [{ jurisdiction: 'EU', code: '64039998' }],
    images: ['mens-leather-shoe.png'],
    runs: ['EU'],
  },
  { ref: 'SKU-10015', description: 'Ceramic coffee mugs of porcelain, tableware', origin: 'CN', runs: ['EU'] },
  {
    ref: 'SKU-10016',
    description: 'Frozen shrimps and prawns, peeled',
    origin: 'VN',
    assigned: [{ jurisdiction: 'EU', code: '03061792' }],
    runs: ['EU'],
  },
  { ref: 'SKU-10017', description: 'Cotton bed linen, printed, woven', origin: 'IN', runs: ['UK'] },
  {
    ref: 'SKU-10018',
    description: 'Electric hair dryers for household use',
    origin: 'CN',
    assigned: [{ jurisdiction: 'EU', code: '85163100' }],
    images: ['hair-dryer.png'],
    runs: ['EU'],
  },
  { ref: 'SKU-10019', description: 'Accessories', origin: 'US' },
  {
    ref: 'SKU-10020',
    description: 'Plastic garden chairs, stackable, of polypropylene',
    origin: 'TR',
    assigned: [{ jurisdiction: 'EU', code: '39249000' }],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10021',
    description: 'Milk chocolate bars with hazelnuts, 100 g',
    origin: 'CH',
    assigned: [{ jurisdiction: 'CH', code: '18063100' }],
    runs: ['CH'],
  },
  {
    ref: 'SKU-10022',
    description: 'Wristwatches with stainless steel case, battery powered, analogue display',
    origin: 'CH',
    runs: ['US'],
  },
  { ref: 'SKU-10023', description: 'Silicone baby bottle teats', origin: 'DE' },
  {
    ref: 'SKU-10024',
    description: 'Solar panels, photovoltaic modules of crystalline silicon',
    origin: 'CN',
    assigned: [{ jurisdiction: 'EU', code: '85414300' }],
    images: ['solar-panel.png'],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10025',
    description: 'Knitted woollen jumpers for women',
    origin: 'GB',
    assigned: [{ jurisdiction: 'EU', code: '62043100' }],
    runs: ['EU'],
  },
  {
    ref: 'SKU-10026',
    description: 'Natural honey in glass jars',
    origin: 'NZ',
    assigned: [{ jurisdiction: 'UK', code: '0409000010' }],
    runs: ['UK'],
  },
  { ref: 'SKU-10027', description: 'Tennis rackets, strung', origin: 'TW', runs: ['EU'] },
  {
    ref: 'SKU-10028',
    description: 'Printed books, novels in paperback',
    origin: 'GB',
    assigned: [{ jurisdiction: 'EU', code: '49019900' }],
    runs: ['EU'],
  },
  { ref: 'SKU-10029', description: 'Gift set', origin: 'FR' },
  { ref: 'SKU-10030', description: 'Aluminium ladders, folding, for household use', origin: 'PL', images: ['aluminium-ladder.png'] },
  {
    ref: 'SKU-10031',
    description: 'Vacuum cleaners with self-contained electric motor, 1200 W',
    origin: 'CN',
    assigned: [{ jurisdiction: 'EU', code: '85081100' }],
    runs: ['EU'],
  },
  { ref: 'SKU-10032', description: 'Toothbrushes, manual, with plastic handles', origin: 'CN' },
  {
    ref: 'SKU-10033',
    description: 'Sunglasses with plastic frames',
    origin: 'IT',
    assigned: [{ jurisdiction: 'EU', code: '90041091' }],
    runs: ['EU'],
  },
  { ref: 'SKU-10034', description: 'Dog food, dry kibble, put up for retail sale', origin: 'FR', runs: ['UK'] },
  { ref: 'SKU-10035', description: 'Crude palm oil in bulk', origin: 'MY', assigned: [{ jurisdiction: 'EU', code: '15111090' }] },
  { ref: 'SKU-10036', description: 'LED light bulbs, E27 fitting', origin: 'CN', images: ['led-bulb.png'], runs: ['EU'] },
  { ref: 'SKU-10037', description: 'Rubber gloves for household cleaning', origin: 'MY' },
  { ref: 'SKU-10038', description: 'Skateboards', origin: 'US', runs: ['UK'] },
  {
    ref: 'SKU-10039',
    description: 'Car tyres, new pneumatic, of rubber, for passenger cars',
    origin: 'JP',
    assigned: [{ jurisdiction: 'EU', code: '40111000' }],
    runs: ['EU'],
  },
  {
    ref: 'WH-2026-0001',
    description: 'Perfume, eau de parfum, 50 ml spray',
    origin: 'FR',
    assigned: [{ jurisdiction: 'EU', code: '33049900' }],
    runs: ['EU'],
  },
  { ref: 'WH-2026-0002', description: 'Baby strollers (prams) with folding frame', origin: 'CN' },
];

const COLOURS = ['#8d5524', '#2f6f9f', '#6a994e', '#bc4749', '#6d597a', '#e09f3e'];

/** A small, real PNG standing in for a product photo. */
async function demoPng(index: number): Promise<Buffer> {
  const fill = COLOURS[index % COLOURS.length] ?? '#888888';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#f4f1ea"/><rect x="30" y="25" width="100" height="70" rx="12" fill="${fill}"/><circle cx="80" cy="60" r="18" fill="#ffffff" opacity="0.6"/></svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}

const DAY = 24 * 60 * 60 * 1000;

/** Seeds the demo items; their runs are queued (no credit) and complete once the queue starts. */
export async function seedClassification(ctx: ClassificationSeedDeps): Promise<void> {
  const now = ctx.now().getTime();
  let imageIndex = 0;
  for (const [i, seed] of ITEMS.entries()) {
    const at = now - (ITEMS.length - i) * DAY + i * 60_000;
    const images: PreparedImage[] = [];
    for (const fileName of seed.images ?? []) images.push({ fileName, contentType: 'image/png', bytes: await demoPng(imageIndex++) });
    // An item and its queued runs commit together.
    await ctx.store.transaction(async (tx) => {
      if (await tx.classification.getItemByReference(TENANT, seed.ref)) return;
      const item = await tx.classification.createItem(
        TENANT,
        { externalReference: seed.ref, description: seed.description, origin: seed.origin ?? null, assigned: seed.assigned ?? [] },
        images,
        at,
      );
      for (const jurisdiction of seed.runs ?? []) {
        const runId = await tx.classification.insertRun(item.id, jurisdiction, null, at + 5 * 60_000);
        await ctx.jobs.enqueueIn(tx, runJob, { runId });
      }
    });
  }
}
