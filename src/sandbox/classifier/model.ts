import type { LabelTree } from './labels.js';

/**
 * A fastText-style classifier with a hierarchical output: the mean of hashed feature vectors
 * feeds a chapter softmax, a heading softmax within the chapter and a subheading softmax within
 * the heading. P(subheading) = P(chapter) x P(heading | chapter) x P(subheading | heading).
 */
export interface ModelShape {
  buckets: number;
  dim: number;
}

export interface TrainingExample {
  features: number[];
  chapter: number;
  /** -1 when the text only names a chapter (or a heading, for `subheading`). */
  heading: number;
  subheading: number;
  weight: number;
}

/** Per level, log-probabilities conditional on the parent (chapter ones are unconditional). */
export interface Prediction {
  /** log P(subheading), for every subheading of the tree. */
  subheading: Float64Array;
  /** log P(heading), the chapter and heading levels only. */
  heading: Float64Array;
}

interface Layer {
  weights: Float32Array;
  bias: Float32Array;
}

const layer = (rows: number, dim: number): Layer => ({ weights: new Float32Array(rows * dim), bias: new Float32Array(rows) });

/** mulberry32: a small seeded generator, so training is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class HierarchicalModel {
  readonly embeddings: Float32Array;
  readonly chapters: Layer;
  readonly headings: Layer;
  readonly subheadings: Layer;
  private readonly allChapters: number[];
  /** Reused per training step: log-probabilities of the largest layer. */
  private readonly scratch: Float64Array;

  constructor(
    readonly shape: ModelShape,
    readonly tree: LabelTree,
    init?: { embeddings: Float32Array; chapters: Layer; headings: Layer; subheadings: Layer },
  ) {
    const { buckets, dim } = shape;
    this.embeddings = init?.embeddings ?? new Float32Array(buckets * dim);
    this.chapters = init?.chapters ?? layer(tree.chapters.length, dim);
    this.headings = init?.headings ?? layer(tree.headings.length, dim);
    this.subheadings = init?.subheadings ?? layer(tree.subheadings.length, dim);
    this.allChapters = tree.chapters.map((_, i) => i);
    this.scratch = new Float64Array(tree.subheadings.length);
  }

  /** Uniform(-1/dim, 1/dim) input vectors, zero outputs (as fastText does). */
  initialise(random: () => number): void {
    const scale = 1 / this.shape.dim;
    for (let i = 0; i < this.embeddings.length; i++) this.embeddings[i] = (random() * 2 - 1) * scale;
  }

  hidden(features: readonly number[]): Float32Array {
    const { dim } = this.shape;
    const h = new Float32Array(dim);
    if (!features.length) return h;
    for (const f of features) {
      const base = f * dim;
      for (let k = 0; k < dim; k++) h[k] = (h[k] ?? 0) + (this.embeddings[base + k] ?? 0);
    }
    const inv = 1 / features.length;
    for (let k = 0; k < dim; k++) h[k] = (h[k] ?? 0) * inv;
    return h;
  }

  /** Log-softmax of the rows `rows` of a layer, written into `out` at the same indices. */
  private logSoftmax(l: Layer, rows: readonly number[], h: Float32Array, out: Float64Array): void {
    const { dim } = this.shape;
    let max = -Infinity;
    for (const r of rows) {
      let z = l.bias[r] ?? 0;
      const base = r * dim;
      for (let k = 0; k < dim; k++) z += (l.weights[base + k] ?? 0) * (h[k] ?? 0);
      out[r] = z;
      if (z > max) max = z;
    }
    let sum = 0;
    for (const r of rows) sum += Math.exp((out[r] ?? 0) - max);
    const logSum = max + Math.log(sum);
    for (const r of rows) out[r] = (out[r] ?? 0) - logSum;
  }

  predict(features: readonly number[]): Prediction {
    const h = this.hidden(features);
    const t = this.tree;
    const chapter = new Float64Array(t.chapters.length);
    this.logSoftmax(this.chapters, this.allChapters, h, chapter);
    const heading = new Float64Array(t.headings.length);
    t.chapterHeadings.forEach((rows, c) => {
      this.logSoftmax(this.headings, rows, h, heading);
      for (const r of rows) heading[r] = (heading[r] ?? 0) + (chapter[c] ?? 0);
    });
    const subheading = new Float64Array(t.subheadings.length);
    t.headingSubheadings.forEach((rows, hd) => {
      this.logSoftmax(this.subheadings, rows, h, subheading);
      for (const r of rows) subheading[r] = (subheading[r] ?? 0) + (heading[hd] ?? 0);
    });
    return { subheading, heading };
  }

  /** One SGD step on one example (cross-entropy at each level the example names). */
  train(example: TrainingExample, learningRate: number): void {
    const { dim } = this.shape;
    const h = this.hidden(example.features);
    const grad = new Float32Array(dim);
    const lr = learningRate * example.weight;
    const step = (l: Layer, rows: readonly number[], target: number): void => {
      if (rows.length < 2) return;
      const logp = this.scratch;
      this.logSoftmax(l, rows, h, logp);
      for (const r of rows) {
        const g = lr * ((r === target ? 1 : 0) - Math.exp(logp[r] ?? -Infinity));
        const base = r * dim;
        for (let k = 0; k < dim; k++) {
          grad[k] = (grad[k] ?? 0) + g * (l.weights[base + k] ?? 0);
          l.weights[base + k] = (l.weights[base + k] ?? 0) + g * (h[k] ?? 0);
        }
        l.bias[r] = (l.bias[r] ?? 0) + g;
      }
    };
    const t = this.tree;
    step(this.chapters, this.allChapters, example.chapter);
    if (example.heading >= 0) step(this.headings, t.chapterHeadings[example.chapter] ?? [], example.heading);
    if (example.subheading >= 0) step(this.subheadings, t.headingSubheadings[example.heading] ?? [], example.subheading);
    const inv = 1 / Math.max(1, example.features.length);
    for (const f of example.features) {
      const base = f * dim;
      for (let k = 0; k < dim; k++) this.embeddings[base + k] = (this.embeddings[base + k] ?? 0) + (grad[k] ?? 0) * inv;
    }
  }
}
