import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { Classifier, fileNameText, getClassifier } from './engine.js';
import { buildIndex } from './index-build.js';
import { isHeldOut, loadNomenclature } from './nomenclature.js';
import { analyse, indexable, stem } from './text.js';

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

  it('scores vague descriptions low and says so', () => {
    const out = classifier.classify({ jurisdiction: 'EU', description: 'Component' });
    expect(out.vague).toBe(true);
    expect(out.notes).toContain('too vague');
    for (const o of out.options) expect(o.score).toBeLessThanOrEqual(3);
    expect(classifier.isVague('Aluminium ladder for household use')).toBe(false);
  });

  it('proposes nothing when no word is known', () => {
    const out = classifier.classify({ jurisdiction: 'EU', description: 'zqxv blorf' });
    expect(out.options).toEqual([]);
    expect(out.notes).toContain('Words not found in the nomenclature: zqxv, blorf');
  });

  it('checks a requested and an assigned code', () => {
    const out = classifier.classify({ jurisdiction: 'EU', description: 'Ladies handbag of leather', code: '42022100', assignedCode: '42029180' });
    expect(out.requestedCode).toMatchObject({ found: true, supported: true, rank: 1 });
    expect(out.assignedCode).toMatchObject({ found: true, supported: false });
    expect(out.hasBetterSuggestion).toBe(true);
    const same = classifier.classify({ jurisdiction: 'EU', description: 'Ladies handbag of leather', assignedCode: '42022100' });
    expect(same.hasBetterSuggestion).toBe(false);
    const us = classifier.classify({ jurisdiction: 'US', description: 'Ladies handbag of leather', assignedCode: '4202210090' });
    expect(us.hasBetterSuggestion).toBe(false); // the same HS subheading is all the engine can tell for US
    const missing = classifier.classify({ jurisdiction: 'EU', description: 'Ladies handbag of leather', code: '99999999' });
    expect(missing.requestedCode).toMatchObject({ found: false, supported: false, score: 0 });
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

  it('classifies in a few milliseconds once built', () => {
    const c = new Classifier(classifier.index);
    const started = performance.now();
    for (let i = 0; i < 50; i++) c.classify({ jurisdiction: 'UK', description: `Men's knitted cotton t-shirts, size ${i}` });
    expect((performance.now() - started) / 50).toBeLessThan(50);
  });
});
