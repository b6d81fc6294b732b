import { describe, expect, it } from 'vitest';
import { RUN_NOTE_PREFIXES } from '../../contract/classification.js';
import { parseCsv } from '../../server-kit/nomenclature/csv.js';
import { fileNameText, getClassifier } from './engine.js';
import { buildIndex } from './index-build.js';
import { isHeldOut, loadNomenclature } from './nomenclature.js';
import { analyse, indexable, stem } from '../../server-kit/nomenclature/text.js';

describe('text analysis', () => {
  it('folds case and accents, drops stop words and stems plurals', () => {
    expect(analyse('The Crème brûlée DISHES of Aluminum').map((t) => t.term)).toEqual(['creme', 'brulee', 'dish', 'aluminium']);
    expect(stem('batteries')).toBe('battery');
    expect(stem('glasses')).toBe('glass');
    expect(stem('knitted')).toBe('knit');
    expect(stem('string')).toBe('string');
    expect(analyse('T-shirts and tees').map((t) => t.term)).toEqual(['tshirt', 'tshirt']);
  });

  it('drops negated phrases from tariff text', () => {
    expect(indexable('Shirts (not knitted or crocheted)')).not.toContain('knitted');
    expect(indexable('Coffee; roasted, not decaffeinated')).not.toContain('decaffeinated');
    expect(indexable('handbags (whether or not with shoulder strap)')).toContain('with shoulder strap');
  });

  it('reads quoted CSV fields with commas and doubled quotes', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
  });

  it('reads file names as evidence, without camera-style names', () => {
    expect(fileNameText('leather_handbag-front.JPG')).toBe('leather handbag front');
    expect(fileNameText('IMG_2041.png')).toBe('2041');
    expect(fileNameText('invoice.pdf (page 2)')).toBe('invoice');
  });
});

describe('index', () => {
  const nomenclature = loadNomenclature();

  it('loads the shipped nomenclature and references', () => {
    expect(nomenclature.cn8.length).toBeGreaterThan(9000);
    expect(nomenclature.hs.get('4202')?.description).toMatch(/Trunks/);
    expect(nomenclature.searchReferences.length).toBeGreaterThan(3900);
    expect(nomenclature.vagueTerms.has('component')).toBe(true);
  });

  it('holds out a deterministic fifth of the search references', () => {
    const held = nomenclature.searchReferences.filter((r) => isHeldOut(r.term)).length;
    expect(held / nomenclature.searchReferences.length).toBeGreaterThan(0.17);
    expect(held / nomenclature.searchReferences.length).toBeLessThan(0.23);
    const full = buildIndex({ nomenclature });
    const without = buildIndex({ nomenclature, excludeReference: isHeldOut });
    expect(full.stats.referenceTerms - without.stats.referenceTerms).toBe(held);
    const heldTerm = nomenclature.searchReferences.find((r) => isHeldOut(r.term))?.term ?? '';
    expect(without.docs.some((d) => d.refTerms.includes(heldTerm))).toBe(false);
  });
});

describe('classifier', () => {
  const classifier = getClassifier();

  it('ranks the right heading first for clear descriptions, with explanations', () => {
    const cases: [string, string][] = [
      ['Ladies handbag with outer surface of leather', '4202'],
      ['Lithium-ion accumulators for mobile phones', '8507'],
      ['Fresh bananas', '0803'],
      ['Stainless steel kitchen sinks', '7324'],
      ['Photovoltaic solar panels', '8541'],
      ['Vacuum cleaners with self-contained electric motor', '8508'],
    ];
    for (const [description, heading] of cases) {
      const out = classifier.classify({ jurisdiction: 'EU', description });
      expect(out.options[0]?.code.slice(0, 4), description).toBe(heading);
      expect(out.options[0]?.explanation).toContain(`Heading ${heading}`);
    }
  });

  it('formats per jurisdiction and keeps scores between 0 and 10, highest first', () => {
    for (const [jurisdiction, re] of [
      ['EU', /^\d{8}$/],
      ['UK', /^\d{10}$/],
      ['US', /^\d{6}0000$/],
      ['CH', /^\d{6}00$/],
    ] as const) {
      const out = classifier.classify({ jurisdiction, description: 'Cotton t-shirts, knitted' });
      expect(out.options.length).toBeGreaterThan(0);
      for (const o of out.options) {
        expect(o.code).toMatch(re);
        expect(o.score).toBeGreaterThanOrEqual(0);
        expect(o.score).toBeLessThanOrEqual(10);
      }
      expect(out.options.map((o) => o.score)).toEqual([...out.options.map((o) => o.score)].sort((a, b) => b - a));
    }
  });

  it('gives UK codes the 10 digits the goods terms use', () => {
    const out = classifier.classify({ jurisdiction: 'UK', description: 'handbags of leather' });
    expect(out.options[0]?.code).toBe('4202210000');
    expect(out.rulingReferences[0]?.commodityCode).toBe('4202210000');
    expect(out.rulingReferences[0]?.url).toContain('trade-tariff');
  });

  it('scores vague descriptions low and asks for material, use and user', () => {
    for (const description of ['Component', 'parts', 'gift']) {
      const out = classifier.classify({ jurisdiction: 'EU', description });
      expect(out.thin, description).toBe(true);
      expect(out.notes).toContain('Description too thin');
      expect(out.notes).toContain('made of');
      for (const o of out.options) expect(o.score).toBeLessThanOrEqual(3);
    }
    expect(classifier.classify({ jurisdiction: 'EU', description: 'Component' }).notes).toContain('too vague');
    // Not on HMRC's list, but one word the nomenclature uses in many chapters (garments, furniture, vehicles).
    const top = classifier.classify({ jurisdiction: 'EU', description: 'top' });
    expect(top).toMatchObject({ vague: false, thin: true });
    expect(top.notes).toMatch(/"top" alone names goods in \d+ chapters/);
    for (const o of top.options) expect(o.score).toBeLessThanOrEqual(3);
    // One word that names goods of one kind is not thin.
    expect(classifier.classify({ jurisdiction: 'EU', description: 'bananas' }).thin).toBe(false);
    expect(classifier.isVague('Aluminium ladder for household use')).toBe(false);
    expect(classifier.classify({ jurisdiction: 'EU', description: "Women's handbag with outer surface of leather" }).thin).toBe(false);
  });

  it('proposes nothing when no word is known', () => {
    const out = classifier.classify({ jurisdiction: 'EU', description: 'zqxv blorf' });
    expect(out.options).toEqual([]);
    expect(out.notes).toContain('Words not found in the nomenclature: zqxv, blorf');
  });

  it('verifies a requested code: among the options or not, its score, the heading preferred', () => {
    const out = classifier.classify({
      jurisdiction: 'EU',
      description: 'Ladies handbag of leather',
      code: '4202 21 00',
      assignedCode: '42029180',
    });
    expect(out.requestedCode).toMatchObject({ code: '42022100', found: true, supported: true, inOptions: true, rank: 1 });
    expect(out.requestedCode?.preferredHeading).toBeUndefined();
    expect(out.assignedCode).toMatchObject({ found: true, supported: false });
    expect(out.hasBetterSuggestion).toBe(true);
    const same = classifier.classify({ jurisdiction: 'EU', description: 'Ladies handbag of leather', assignedCode: '42022100' });
    expect(same.hasBetterSuggestion).toBe(false);
    const us = classifier.classify({ jurisdiction: 'US', description: 'Ladies handbag of leather', assignedCode: '4202210090' });
    expect(us.hasBetterSuggestion).toBe(false); // the same HS subheading is all the engine can tell for US
    const other = classifier.classify({ jurisdiction: 'EU', description: 'Ladies handbag of leather', code: '73241000' });
    expect(other.requestedCode).toMatchObject({ found: true, supported: false, inOptions: false });
    expect(other.requestedCode?.preferredHeading?.code).toBe('4202');
    expect(other.notes).toMatch(/not among the options.*prefers heading 4202/);
    const missing = classifier.classify({ jurisdiction: 'EU', description: 'Ladies handbag of leather', code: '99999999' });
    expect(missing.requestedCode).toMatchObject({ found: false, supported: false, score: 0, inOptions: false });
  });

  it('writes one note per line, the thin advice and the code verification behind their documented prefixes', () => {
    const lines = classifier.classify({ jurisdiction: 'EU', description: 'parts', code: '73241000' }).notes.split('\n');
    expect(lines.filter((l) => l.startsWith(RUN_NOTE_PREFIXES.thin))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith(`${RUN_NOTE_PREFIXES.requestedCode}7324 10 00 is `))).toHaveLength(1);
    const clear = classifier
      .classify({ jurisdiction: 'EU', description: "Women's handbag with outer surface of leather" })
      .notes.split('\n');
    expect(clear.some((l) => l.startsWith(RUN_NOTE_PREFIXES.thin) || l.startsWith(RUN_NOTE_PREFIXES.requestedCode))).toBe(false);
  });

  it('weighs file names and PDF text below the description', () => {
    const out = classifier.classify({
      jurisdiction: 'EU',
      description: 'Goods for a customer',
      evidence: [
        { kind: 'fileName', text: 'leather-handbag.png' },
        { kind: 'pdfText', text: 'Invoice 2041: ladies handbags with outer surface of leather' },
      ],
    });
    expect(out.options[0]?.code.slice(0, 4)).toBe('4202');
    expect(out.notes).toContain('1 image file name, the text of 1 PDF page');
  });

  it('proposes a knife heading for a kitchen knife and the frozen code for frozen shrimp', () => {
    const knife = classifier.classify({ jurisdiction: 'EU', description: 'kitchen knife' });
    expect(knife.options.map((o) => o.code.slice(0, 4))).toContain('8211');
    const shrimp = classifier.classify({ jurisdiction: 'EU', description: 'frozen shrimp' });
    expect(shrimp.options[0]?.code.slice(0, 6)).toBe('030617');
    const fresh = shrimp.options.find((o) => o.code.startsWith('030636'));
    if (fresh) expect(fresh.score).toBeLessThan(shrimp.options[0]?.score ?? 0);
  });

  it('proposes only codes that exist in the jurisdiction, and says how US, CH and UK codes were completed', () => {
    const descriptions = [
      'commodities not specified',
      'stainless steel kitchen knife',
      'frozen shrimp',
      'iphone',
      'gift',
      'zw collection poplin short sle',
      'mayb in aa prfctr',
    ];
    for (const jurisdiction of ['EU', 'UK', 'US', 'CH'] as const) {
      for (const description of descriptions) {
        for (const o of classifier.classify({ jurisdiction, description }).options) {
          expect(classifier.exists(o.code, jurisdiction), `${jurisdiction} ${o.code}`).toBe(true);
          expect(o.code.startsWith('9999')).toBe(false);
        }
      }
    }
    expect(classifier.classify({ jurisdiction: 'US', description: 'frozen shrimp' }).options[0]?.explanation).toContain(
      'completed from the HS subheading',
    );
    expect(classifier.exists('99999999', 'EU')).toBe(false);
    expect(classifier.exists('999999', 'US')).toBe(false);
  });

  it('reads abbreviated, misspelt and vowel-dropped words through character n-grams', () => {
    const cases: [string, string][] = [
      ['cotton tshrt', '6109'],
      ['ladies lthr handbag', '4202'],
      ['stainles steel sink', '7324'],
    ];
    for (const [description, heading] of cases)
      expect(classifier.classify({ jurisdiction: 'EU', description }).options[0]?.code.slice(0, 4), description).toBe(heading);
  });
});
