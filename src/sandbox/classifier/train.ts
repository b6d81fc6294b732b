/**
 * `npm run train:classifier`: trains the learned model on the training split of the shipped
 * reference data (seeded, so the same data gives the same file), then, on the validation split
 * only, chooses the fusion parameters and fits the score calibration. Writes data/model.json and
 * data/model.bin. The hold-out split is never read here.
 */
import { fitIsotonic } from './calibration.js';
import { featureIds } from './features.js';
import { fuse, type Evidence, type FusionParams } from './fusion.js';
import { HeadNounIndex } from './head-noun.js';
import { referenceMemory } from './engine.js';
import { buildIndex } from './index-build.js';
import { buildLabelTree, type LabelTree } from './labels.js';
import { queryTerms, scoreLexical } from './lexical.js';
import { loadModel, saveModel, type ModelMeta } from './model-file.js';
import { HierarchicalModel, seededRandom, type Prediction, type TrainingExample } from './model.js';
import { loadNomenclature } from './nomenclature.js';
import { rankSubheadings } from './ranking.js';
import { isTrainingText } from './splits.js';
import { StateConflicts } from './states.js';
import { indexable } from './text.js';
import { referenceTexts, trainingExamples, type ExampleWeights } from './training-data.js';

export const TRAINING = { seed: 20260716, buckets: 65536, dim: 32, epochs: 15, learningRate: 1.0 };
export const EXAMPLE_WEIGHTS: ExampleWeights = { nomenclature: 1, search: 2, parcel: 3 };
const TEMPERATURES = [2, 4];
const LEXICAL_WEIGHTS = [4, 8];
const NEIGHBOUR_WEIGHTS = [4, 8, 12];
const HEAD_NOUN_WEIGHTS = [0, 1, 2, 3];

export function trainModel(tree: LabelTree, examples: TrainingExample[], settings = TRAINING): HierarchicalModel {
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
  let best: { params: FusionParams; score: number } = { params: { temperature: 1, lexicalWeight: 0, neighbourWeight: 0, headNounWeight: 0 }, score: -1 };
  for (const temperature of TEMPERATURES) {
    for (const [lexicalWeight, neighbourWeight, headNounWeight] of LEXICAL_WEIGHTS.flatMap((l) => NEIGHBOUR_WEIGHTS.flatMap((n) => HEAD_NOUN_WEIGHTS.map((h) => [l, n, h] as const)))) {
      const params = { temperature, lexicalWeight, neighbourWeight, headNounWeight };
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

export function train(): ModelMeta {
  const started = performance.now();
  const nomenclature = loadNomenclature();
  const tree = buildLabelTree(nomenclature.hs);
  const examples = trainingExamples(nomenclature, tree, TRAINING.buckets, EXAMPLE_WEIGHTS);
  const trained = trainModel(tree, examples);
  const trainedMs = performance.now() - started;
  const placeholder: ModelMeta = {
    shape: trained.shape,
    labels: { chapters: tree.chapters.length, headings: tree.headings.length, subheadings: tree.subheadings.length },
    training: { ...TRAINING, ...Object.fromEntries(Object.entries(EXAMPLE_WEIGHTS).map(([k, v]) => [`weight.${k}`, v])), examples: examples.length },
    fusion: { temperature: 1, lexicalWeight: 0, neighbourWeight: 0, headNounWeight: 0 },
    headingCalibration: { x: [], y: [] },
  };
  saveModel(trained, placeholder);
  // Tune on the model as shipped (int8), against an index of the training split only.
  const { model } = loadModel(tree);
  const index = buildIndex({ nomenclature, excludeReference: (text) => !isTrainingText(text) });
  const memory = referenceMemory(index, tree, model.shape.buckets);
  const states = new StateConflicts(tree, nomenclature.hs);
  const heads = new HeadNounIndex(tree, nomenclature);
  const queries: ValidationQuery[] = referenceTexts(nomenclature)
    .filter((r) => r.split === 'validation')
    .map((r) => ({
      style: r.style,
      code: r.code,
      prediction: model.predict(featureIds(indexable(r.text), model.shape.buckets)),
      evidence: {
        lexical: scoreLexical(index, tree, queryTerms(r.text, [])).subheadings,
        neighbours: memory.similarities(indexable(r.text)),
        headNoun: heads.matches(r.text),
        conflicts: states.conflicts(r.text),
      },
    }));
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
    ...placeholder,
    training: { ...placeholder.training, validationQueries: queries.length, validationObjective: Math.round(score * 1000) / 1000 },
    fusion: params,
    headingCalibration: roundMap(fitIsotonic(headPoints)),
  };
  saveModel(trained, meta);
  console.log(`trained in ${(trainedMs / 1000).toFixed(1)} s`);
  return meta;
}

const roundMap = (m: { x: number[]; y: number[] }): { x: number[]; y: number[] } => ({ x: m.x.map((v) => Number(v.toPrecision(4))), y: m.y.map((v) => Number(v.toFixed(4))) });

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '');
if (isMain) {
  const meta = train();
  console.log(JSON.stringify({ training: meta.training, fusion: meta.fusion, calibrationBlocks: meta.headingCalibration.x.length }, null, 1));
}
