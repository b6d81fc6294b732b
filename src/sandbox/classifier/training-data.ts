import { featureIds } from './features.js';
import type { LabelTree } from './labels.js';
import type { TrainingExample } from './model.js';
import type { Nomenclature } from './nomenclature.js';
import { splitOf, type Split } from './splits.js';
import { indexable } from '../../server-kit/nomenclature/text.js';

/** A labelled reference text and the style it stands for. */
export interface LabelledText {
  text: string;
  code: string;
  style: 'search' | 'parcel';
  split: Split;
}

/** The UK goods terms and parcel descriptions, each with its frozen split. */
export function referenceTexts(nom: Nomenclature): LabelledText[] {
  return [
    ...nom.searchReferences.map((r): LabelledText => ({ text: r.term, code: r.code, style: 'search', split: splitOf(r.term) })),
    ...nom.extraReferences.map((r): LabelledText => ({
      text: r.description,
      code: r.code,
      style: 'parcel',
      split: splitOf(r.description),
    })),
  ];
}

export interface ExampleWeights {
  nomenclature: number;
  search: number;
  parcel: number;
}

/**
 * Training examples: every chapter, heading and subheading text of HS 2022, every CN8 line (with
 * its CN subheading), and the references of the splits `learnFrom` accepts (the training split by
 * default; the shipped model also learns the validation split, see train.ts; never the hold-out).
 * Parcel descriptions are weighted up: they are the style traders type and the nomenclature texts
 * do not resemble them.
 */
export function trainingExamples(
  nom: Nomenclature,
  tree: LabelTree,
  buckets: number,
  weights: ExampleWeights,
  learnFrom: (split: Split) => boolean = (split) => split === 'train',
): TrainingExample[] {
  const out: TrainingExample[] = [];
  const add = (text: string, code: string, weight: number): void => {
    const features = featureIds(text, buckets);
    if (!features.length) return;
    const chapter = tree.chapterIndex.get(code.slice(0, 2));
    if (chapter === undefined) return;
    const heading = code.length >= 4 ? (tree.headingIndex.get(code.slice(0, 4)) ?? -1) : -1;
    const subheading = heading >= 0 && code.length >= 6 ? (tree.subheadingIndex.get(code.slice(0, 6)) ?? -1) : -1;
    out.push({ features, chapter, heading, subheading, weight });
  };
  // Negated phrases of tariff text are dropped ("not frozen" must not teach "frozen").
  for (const [code, entry] of nom.hs) add(indexable(entry.description), code, weights.nomenclature);
  for (const line of nom.cn8) {
    const cnSub = line.parent.length === 6 ? (nom.cnSubheadings.get(line.parent) ?? '') : '';
    const generic = /^other$/i.test(line.description.trim());
    add(indexable(generic ? line.hs6Description || cnSub : `${cnSub} ${line.description}`), line.code, weights.nomenclature);
  }
  for (const r of referenceTexts(nom)) if (learnFrom(r.split)) add(r.text, r.code, r.style === 'search' ? weights.search : weights.parcel);
  return out;
}
