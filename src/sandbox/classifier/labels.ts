import type { Nomenclature } from './nomenclature.js';

/**
 * The model's label tree, from HS 2022: chapters, headings and 6-digit subheadings. The HS-only
 * line 999999 ("commodities not specified") is left out, so it is never proposed.
 */
export interface LabelTree {
  chapters: string[];
  headings: string[];
  subheadings: string[];
  headingChapter: Int32Array;
  subheadingHeading: Int32Array;
  /** Per chapter, its heading indices; per heading, its subheading indices. */
  chapterHeadings: number[][];
  headingSubheadings: number[][];
  chapterIndex: Map<string, number>;
  headingIndex: Map<string, number>;
  subheadingIndex: Map<string, number>;
}

const EXCLUDED = new Set(['99', '9999', '999999']);

export function buildLabelTree(hs: Nomenclature['hs']): LabelTree {
  const codes = [...hs.keys()].filter((c) => !EXCLUDED.has(c)).sort();
  const subheadings = codes.filter((c) => c.length === 6);
  const headings = [...new Set(subheadings.map((c) => c.slice(0, 4)))].sort();
  const chapters = [...new Set(headings.map((c) => c.slice(0, 2)))].sort();
  const chapterIndex = new Map(chapters.map((c, i) => [c, i]));
  const headingIndex = new Map(headings.map((c, i) => [c, i]));
  const subheadingIndex = new Map(subheadings.map((c, i) => [c, i]));
  const headingChapter = Int32Array.from(headings, (h) => chapterIndex.get(h.slice(0, 2)) ?? -1);
  const subheadingHeading = Int32Array.from(subheadings, (s) => headingIndex.get(s.slice(0, 4)) ?? -1);
  const chapterHeadings = chapters.map((): number[] => []);
  headingChapter.forEach((c, h) => chapterHeadings[c]?.push(h));
  const headingSubheadings = headings.map((): number[] => []);
  subheadingHeading.forEach((h, s) => headingSubheadings[h]?.push(s));
  return {
    chapters,
    headings,
    subheadings,
    headingChapter,
    subheadingHeading,
    chapterHeadings,
    headingSubheadings,
    chapterIndex,
    headingIndex,
    subheadingIndex,
  };
}
