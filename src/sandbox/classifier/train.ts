/**
 * `npm run train:classifier`, in two seeded (reproducible) steps:
 * 1. trains the measured model on the training split of the shipped reference data and, on the
 *    validation split only, chooses the fusion parameters and fits the score calibration for it;
 * 2. trains the shipped model again, same settings and seed, on the training and validation
 *    splits, and writes it with the fusion and calibration of step 1 (a refit: the validation
 *    texts are then learned too; the hold-out still decides whether the scores stay calibrated).
 * Writes data/model.json and data/model.bin. The hold-out split is never read here.
 */
import { writeFileSync } from 'node:fs';
import { fitIsotonic } from './calibration.js';
import { fuse, type Evidence, type FusionParams } from './fusion.js';
import { Classifier } from './engine.js';
import { buildIndex } from './index-build.js';
import { buildLabelTree, type LabelTree } from './labels.js';
import { loadModel, MODEL_BIN, MODEL_JSON, saveModel, type ModelMeta } from './model-file.js';
import { HierarchicalModel, seededRandom, type Prediction, type TrainingExample } from './model.js';
import { loadNomenclature } from './nomenclature.js';
import { rankSubheadings } from './ranking.js';
import { isTrainingText, type Split } from './splits.js';
import { referenceTexts, trainingExamples, type ExampleWeights } from './training-data.js';

export const TRAINING = { seed: 20260716, buckets: 65536, dim: 32, epochs: 15, learningRate: 1.0 };
export const EXAMPLE_WEIGHTS: ExampleWeights = { nomenclature: 1, search: 2, parcel: 3 };
const TEMPERATURES = [2, 4];
const LEXICAL_WEIGHTS = [4, 8];
const NEIGHBOUR_WEIGHTS = [4, 8, 12];
const HEAD_NOUN_WEIGHTS = [0, 1, 2, 3];
/** Class prior weights (priors.ts); only those up to half the lexical weight are tried. */
const PRIOR_WEIGHTS = [0, 1, 2];

export type TrainingSettings = typeof TRAINING;

/** The reference splits the shipped model learns (step 2 above): everything but the hold-out. */
export const shippedModelLearns = (split: Split): boolean => split !== 'holdout';

export function trainModel(tree: LabelTree, examples: TrainingExample[], settings: TrainingSettings = TRAINING): HierarchicalModel {
  const model = new HierarchicalModel({ buckets: settings.buckets, dim: settings.dim }, tree);
  const random = seededRandom(settings.seed);
  model.initialise(random);
  const order = [...examples];
  const total = settings.epochs * order.length;
  let done = 0;
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const a = order[i];
      const b = order[j];
      if (a && b) {
        order[i] = b;
        order[j] = a;
      }
    }
    for (const example of order) model.train(example, settings.learningRate * (1 - done++ / total));
  }
  return model;
}

export interface ValidationQuery {
  style: string;
  code: string;
  prediction: Prediction;
  evidence: Evidence;
}

export function tune(tree: LabelTree, queries: ValidationQuery[]): { params: FusionParams; score: number } {
  let best: { params: FusionParams; score: number } = {
    params: { temperature: 1, lexicalWeight: 0, neighbourWeight: 0, headNounWeight: 0, priorWeight: 0 },
    score: -1,
  };
  for (const temperature of TEMPERATURES) {
    const grid = LEXICAL_WEIGHTS.flatMap((l) =>
      NEIGHBOUR_WEIGHTS.flatMap((n) =>
        HEAD_NOUN_WEIGHTS.flatMap((h) => PRIOR_WEIGHTS.filter((p) => p <= l / 2).map((p) => [l, n, h, p] as const)),
      ),
    );
    for (const [lexicalWeight, neighbourWeight, headNounWeight, priorWeight] of grid) {
      const params = { temperature, lexicalWeight, neighbourWeight, headNounWeight, priorWeight };
      const hits = new Map<string, { h1: number; h5: number; n: number }>();
      for (const q of queries) {
        const fused = fuse(tree, q.prediction, q.evidence, params);
        const heads = rankSubheadings(tree, fused.subheading).map((s) => tree.headings[tree.subheadingHeading[s] ?? 0]);
        const h = hits.get(q.style) ?? { h1: 0, h5: 0, n: 0 };
        if (heads[0] === q.code.slice(0, 4)) h.h1++;
        if (heads.includes(q.code.slice(0, 4))) h.h5++;
        h.n++;
        hits.set(q.style, h);
      }
      // Each style counts alike; top-5 and top-1 heading accuracy alike.
      const score = [...hits.values()].reduce((sum, h) => sum + (h.h1 + h.h5) / h.n, 0) / hits.size;
      if (score > best.score) best = { params, score };
    }
  }
  return best;
}

export interface TrainOptions {
  settings?: TrainingSettings;
  weights?: ExampleWeights;
  /** Where the model is written (default: the committed data/model.json and data/model.bin). */
  out?: { json: URL; bin: URL };
}

export function train({
  settings = TRAINING,
  weights = EXAMPLE_WEIGHTS,
  out = { json: MODEL_JSON, bin: MODEL_BIN },
}: TrainOptions = {}): ModelMeta {
  const started = performance.now();
  const nomenclature = loadNomenclature();
  const tree = buildLabelTree(nomenclature.hs);
  const examples = trainingExamples(nomenclature, tree, settings.buckets, weights);
  const trained = trainModel(tree, examples, settings);
  const placeholder: ModelMeta = {
    shape: trained.shape,
    labels: { chapters: tree.chapters.length, headings: tree.headings.length, subheadings: tree.subheadings.length },
    training: {
      ...settings,
      ...Object.fromEntries(Object.entries(weights).map(([k, v]) => [`weight.${k}`, v])),
      examples: examples.length,
    },
    fusion: { temperature: 1, lexicalWeight: 0, neighbourWeight: 0, headNounWeight: 0, priorWeight: 0 },
    headingCalibration: { x: [], y: [] },
  };
  saveModel(trained, placeholder, out.json, out.bin);
  const fitted = fitFusion(out, nomenclature);
  const refitExamples = trainingExamples(nomenclature, tree, settings.buckets, weights, shippedModelLearns);
  const meta: ModelMeta = { ...fitted, training: { ...fitted.training, refitExamples: refitExamples.length } };
  saveModel(trainModel(tree, refitExamples, settings), meta, out.json, out.bin);
  console.log(`trained and fitted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return meta;
}

/**
 * Chooses the fusion parameters and fits the score calibration on the validation split, for the
 * model (int8, as shipped) in `out` trained on the training split only, against an index and
 * memory of the training split only; rewrites `out`'s settings file (the weights file is unchanged).
 */
export function fitFusion(out: { json: URL; bin: URL }, nomenclature = loadNomenclature()): ModelMeta {
  const tree = buildLabelTree(nomenclature.hs);
  const { model, meta: trainedMeta } = loadModel(tree, out.json, out.bin);
  const classifier = new Classifier(buildIndex({ nomenclature, excludeReference: (text) => !isTrainingText(text) }), {
    model: { model, meta: trainedMeta },
  });
  const queries: ValidationQuery[] = referenceTexts(nomenclature)
    .filter((r) => r.split === 'validation')
    .map((r) => {
      const { prediction, signals } = classifier.signals(r.text);
      return { style: r.style, code: r.code, prediction, evidence: signals };
    });
  const { params, score } = tune(tree, queries);
  const headPoints: { x: number; correct: boolean }[] = [];
  for (const q of queries) {
    const fused = fuse(tree, q.prediction, q.evidence, params);
    for (const s of rankSubheadings(tree, fused.subheading)) {
      const h = tree.subheadingHeading[s] ?? 0;
      headPoints.push({ x: fused.heading[h] ?? 0, correct: tree.headings[h] === q.code.slice(0, 4) });
    }
  }
  const meta: ModelMeta = {
    ...trainedMeta,
    training: { ...trainedMeta.training, validationQueries: queries.length, validationObjective: Math.round(score * 1000) / 1000 },
    fusion: params,
    headingCalibration: roundMap(fitIsotonic(headPoints)),
  };
  writeFileSync(out.json, `${JSON.stringify(meta, null, 1)}\n`);
  return meta;
}

const roundMap = (m: { x: number[]; y: number[] }): { x: number[]; y: number[] } => ({
  x: m.x.map((v) => Number(v.toPrecision(4))),
  y: m.y.map((v) => Number(v.toFixed(4))),
});

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '');
if (isMain) {
  const meta = train();
  console.log(
    JSON.stringify({ training: meta.training, fusion: meta.fusion, calibrationBlocks: meta.headingCalibration.x.length }, null, 1),
  );
}
