import { readFileSync, writeFileSync } from 'node:fs';
import type { IsotonicMap } from './calibration.js';
import type { FusionParams } from './fusion.js';
import type { LabelTree } from './labels.js';
import { HierarchicalModel, type ModelShape } from './model.js';

/**
 * The committed model: `data/model.json` (shape, training settings, fusion parameters,
 * calibration maps) and `data/model.bin` (every matrix as int8 rows with a float32 scale per
 * row, then float32 biases). int8 keeps the file near 2.5 MB; the loss measured is negligible.
 */
export interface ModelMeta {
  shape: ModelShape;
  labels: { chapters: number; headings: number; subheadings: number };
  training: Record<string, number | string>;
  fusion: FusionParams;
  /** Fused subheading probability to the validation accuracy of an option at subheading level. */
  subheadingCalibration: IsotonicMap;
  /** Fused heading probability to the validation accuracy at heading level. */
  headingCalibration: IsotonicMap;
}

export const MODEL_JSON = new URL('./data/model.json', import.meta.url);
export const MODEL_BIN = new URL('./data/model.bin', import.meta.url);

function matrices(model: HierarchicalModel): { weights: Float32Array; rows: number }[] {
  return [
    { weights: model.embeddings, rows: model.shape.buckets },
    { weights: model.chapters.weights, rows: model.tree.chapters.length },
    { weights: model.headings.weights, rows: model.tree.headings.length },
    { weights: model.subheadings.weights, rows: model.tree.subheadings.length },
  ];
}

const biases = (model: HierarchicalModel): Float32Array[] => [model.chapters.bias, model.headings.bias, model.subheadings.bias];

export function saveModel(model: HierarchicalModel, meta: ModelMeta, json: URL = MODEL_JSON, bin: URL = MODEL_BIN): void {
  const { dim } = model.shape;
  const parts: Uint8Array[] = [];
  for (const { weights, rows } of matrices(model)) {
    const scales = new Float32Array(rows);
    const q = new Int8Array(rows * dim);
    for (let r = 0; r < rows; r++) {
      let max = 0;
      for (let k = 0; k < dim; k++) max = Math.max(max, Math.abs(weights[r * dim + k] ?? 0));
      const scale = max / 127 || 1;
      scales[r] = scale;
      for (let k = 0; k < dim; k++) q[r * dim + k] = Math.round((weights[r * dim + k] ?? 0) / scale);
    }
    parts.push(new Uint8Array(scales.buffer), new Uint8Array(q.buffer));
  }
  for (const b of biases(model)) parts.push(new Uint8Array(Float32Array.from(b).buffer));
  writeFileSync(bin, Buffer.concat(parts));
  writeFileSync(json, `${JSON.stringify(meta, null, 1)}\n`);
}

export function loadModel(tree: LabelTree, json: URL = MODEL_JSON, bin: URL = MODEL_BIN): { model: HierarchicalModel; meta: ModelMeta } {
  const meta = JSON.parse(readFileSync(json, 'utf8')) as ModelMeta;
  const { labels } = meta;
  if (labels.chapters !== tree.chapters.length || labels.headings !== tree.headings.length || labels.subheadings !== tree.subheadings.length) {
    throw new Error('The classifier model does not match the shipped nomenclature; run `npm run train:classifier`.');
  }
  const model = new HierarchicalModel(meta.shape, tree);
  const bytes = readFileSync(bin);
  // Copy into an aligned buffer: Float32Array views need 4-byte aligned offsets.
  const buffer = new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  const { dim } = meta.shape;
  let offset = 0;
  for (const { weights, rows } of matrices(model)) {
    const scales = new Float32Array(buffer, offset, rows);
    offset += rows * 4;
    const q = new Int8Array(buffer, offset, rows * dim);
    offset += rows * dim;
    for (let r = 0; r < rows; r++) {
      const scale = scales[r] ?? 0;
      for (let k = 0; k < dim; k++) weights[r * dim + k] = (q[r * dim + k] ?? 0) * scale;
    }
  }
  for (const b of biases(model)) {
    b.set(new Float32Array(buffer, offset, b.length));
    offset += b.length * 4;
  }
  if (offset !== buffer.byteLength) throw new Error('The classifier model file has an unexpected size; run `npm run train:classifier`.');
  return { model, meta };
}
