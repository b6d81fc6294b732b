import { describe, expect, it } from 'vitest';
import { applyIsotonic, fitIsotonic } from './calibration.js';
import { wilson } from './evaluate.js';
import { featureIds } from './features.js';
import { loadModel } from './model-file.js';
import { buildLabelTree } from './labels.js';
import { loadNomenclature } from './nomenclature.js';
import { splitOf } from './splits.js';

describe('calibration and measurement', () => {
  it('fits a non-decreasing map from raw score to observed accuracy', () => {
    const points = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((x, i) => ({ x, correct: i % 3 !== 0 || x > 0.6 }));
    const map = fitIsotonic(points);
    for (let i = 1; i < map.y.length; i++) expect(map.y[i]).toBeGreaterThanOrEqual(map.y[i - 1] ?? 0);
    expect(applyIsotonic(map, 0)).toBe(map.y[0]);
    expect(applyIsotonic(map, 1)).toBe(1);
  });

  it('gives a Wilson interval around the observed share', () => {
    const [lo, hi] = wilson(80, 100);
    expect(lo).toBeGreaterThan(70);
    expect(hi).toBeLessThan(88);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });

  it('splits by the normalised text, so trivial variants of a text share a split', () => {
    expect(splitOf('Frozen shrimp')).toBe(splitOf('  frozen, SHRIMP '));
    const splits = Array.from({ length: 2000 }, (_, i) => splitOf(`goods ${i}`));
    expect(splits.filter((s) => s === 'holdout').length / 2000).toBeCloseTo(0.2, 1);
    expect(splits.filter((s) => s === 'validation').length / 2000).toBeCloseTo(0.2, 1);
  });

  it('hashes the same features for a word and its vowel-dropped form', () => {
    const full = new Set(featureIds('perfector', 65536));
    expect(featureIds('prfctr', 65536).some((f) => full.has(f))).toBe(true);
  });

  it('loads the committed model with monotone calibration maps', () => {
    const { meta } = loadModel(buildLabelTree(loadNomenclature().hs));
    for (const map of [meta.headingCalibration]) {
      expect(map.x.length).toBeGreaterThan(3);
      for (let i = 1; i < map.y.length; i++) expect(map.y[i]).toBeGreaterThanOrEqual(map.y[i - 1] ?? 0);
    }
  });
});
