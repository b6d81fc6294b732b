import { featureIds } from './features.js';
import type { LabelTree } from './labels.js';

/**
 * A memory of labelled reference texts (goods terms and parcel descriptions), searched by cosine
 * similarity of idf-weighted hashed n-gram features: near-duplicates of known texts ("johnsons
 * baby powder 200g" after "johnson's baby powder") are recalled even when the model blurs them.
 * The result is, per subheading, the best similarity of a text labelled with it.
 */
export class NeighbourMemory {
  private readonly postings = new Map<number, { item: number; weight: number }[]>();
  private readonly idf = new Map<number, number>();
  private readonly labels: Int32Array;
  readonly size: number;

  constructor(
    private readonly tree: LabelTree,
    private readonly buckets: number,
    texts: readonly { text: string; code: string }[],
  ) {
    const items = texts
      .map((t) => ({ features: [...new Set(featureIds(t.text, buckets))], sub: tree.subheadingIndex.get(t.code.slice(0, 6)) ?? -1 }))
      .filter((t) => t.sub >= 0 && t.features.length > 0);
    this.size = items.length;
    this.labels = Int32Array.from(items, (t) => t.sub);
    const df = new Map<number, number>();
    for (const t of items) for (const f of t.features) df.set(f, (df.get(f) ?? 0) + 1);
    for (const [f, n] of df) this.idf.set(f, Math.log(1 + items.length / n));
    items.forEach((t, item) => {
      const norm = Math.sqrt(t.features.reduce((s, f) => s + (this.idf.get(f) ?? 0) ** 2, 0)) || 1;
      for (const f of t.features) {
        const list = this.postings.get(f) ?? [];
        list.push({ item, weight: (this.idf.get(f) ?? 0) / norm });
        this.postings.set(f, list);
      }
    });
  }

  /** Per subheading, the highest cosine similarity (0-1) of a remembered text to `text`. */
  similarities(text: string): Float64Array {
    const out = new Float64Array(this.tree.subheadings.length);
    const features = [...new Set(featureIds(text, this.buckets))].filter((f) => this.idf.has(f));
    const norm = Math.sqrt(features.reduce((s, f) => s + (this.idf.get(f) ?? 0) ** 2, 0));
    if (!norm) return out;
    const dots = new Map<number, number>();
    for (const f of features) {
      const q = (this.idf.get(f) ?? 0) / norm;
      for (const p of this.postings.get(f) ?? []) dots.set(p.item, (dots.get(p.item) ?? 0) + q * p.weight);
    }
    for (const [item, dot] of dots) {
      const s = this.labels[item] ?? 0;
      if (dot > (out[s] ?? 0)) out[s] = dot;
    }
    return out;
  }
}
