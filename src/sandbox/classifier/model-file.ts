import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { LabelTree } from './labels.js';
import { HierarchicalModel } from './model.js';

/**
 * The committed model: `data/model.json` (shape, training settings, fusion parameters,
 * calibration maps) and `data/model.bin` (every matrix as int8 rows with a float32 scale per
 * row, then float32 biases). int8 keeps the file near 2.5 MB; the loss measured is negligible.
 */
const isotonicSchema = z.object({ x: z.array(z.number()), y: z.array(z.number()) });

export const modelMetaSchema = z.object({
  shape: z.object({ buckets: z.number().int().positive(), dim: z.number().int().positive().multipleOf(4) }),
  labels: z.object({ chapters: z.number(), headings: z.number(), subheadings: z.number() }),
  training: z.record(z.string(), z.union([z.number(), z.string()])),
  fusion: z.object({
    temperature: z.number().positive(),
    lexicalWeight: z.number().min(0),
    neighbourWeight: z.number().min(0),
    headNounWeight: z.number().min(0),
    priorWeight: z.number().min(0).default(0),
  }),
  /** Fused heading probability to the validation accuracy at heading level. */
  headingCalibration: isotonicSchema,
});
export type ModelMeta = z.infer<typeof modelMetaSchema>;

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
  const meta = modelMetaSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
  const { labels } = meta;
  if (
    labels.chapters !== tree.chapters.length ||
    labels.headings !== tree.headings.length ||
    labels.subheadings !== tree.subheadings.length
  ) {
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
