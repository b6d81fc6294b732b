import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLabelTree } from './labels.js';
import { saveModel } from './model-file.js';
import type { Split } from './splits.js';
import { loadNomenclature } from './nomenclature.js';
import { EXAMPLE_WEIGHTS, shippedModelLearns, TRAINING, trainModel, type TrainingSettings } from './train.js';
import { referenceTexts, trainingExamples } from './training-data.js';

describe('classifier training', () => {
  const dir = mkdtempSync(join(tmpdir(), 'classifier-train-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const nomenclature = loadNomenclature();
  const tree = buildLabelTree(nomenclature.hs);
  // A small configuration: the same code path as `npm run train:classifier`, in about a second.
  const small: TrainingSettings = { ...TRAINING, buckets: 4096, dim: 8, epochs: 1 };
  const examples = trainingExamples(nomenclature, tree, small.buckets, EXAMPLE_WEIGHTS).slice(0, 4000);
  const modelBytes = (settings: TrainingSettings, name: string): Buffer => {
    const json = pathToFileURL(join(dir, `${name}.json`));
    const bin = pathToFileURL(join(dir, `${name}.bin`));
    const meta = {
      shape: { buckets: settings.buckets, dim: settings.dim },
      labels: { chapters: 0, headings: 0, subheadings: 0 },
      training: {},
      fusion: { temperature: 1, lexicalWeight: 0, neighbourWeight: 0, headNounWeight: 0, priorWeight: 0 },
      headingCalibration: { x: [], y: [] },
    };
    saveModel(trainModel(tree, examples, settings), meta, json, bin);
    return readFileSync(bin);
  };

  it('is reproducible: the same seed gives the same model bytes, another seed other bytes', () => {
    const first = modelBytes(small, 'a');
    expect(modelBytes(small, 'b').equals(first)).toBe(true);
    expect(modelBytes({ ...small, seed: small.seed + 1 }, 'c').equals(first)).toBe(false);
  });

  it('never learns the hold-out: the shipped model adds the validation references to the training split', () => {
    const splits: Split[] = ['train', 'validation', 'holdout'];
    expect(splits.map(shippedModelLearns)).toEqual([true, true, false]);
    const measured = trainingExamples(nomenclature, tree, small.buckets, EXAMPLE_WEIGHTS).length;
    const shipped = trainingExamples(nomenclature, tree, small.buckets, EXAMPLE_WEIGHTS, shippedModelLearns).length;
    const validation = referenceTexts(nomenclature).filter((r) => r.split === 'validation').length;
    expect(shipped - measured).toBeGreaterThan(0.95 * validation);
    expect(shipped - measured).toBeLessThanOrEqual(validation);
  });
});
