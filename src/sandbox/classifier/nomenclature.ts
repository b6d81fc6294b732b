import { readFileSync } from 'node:fs';
import { csvRecords } from '../../server-kit/nomenclature/csv.js';
import { readNomenclatureFile } from '../../server-kit/nomenclature/data-files.js';
import { splitOf } from './splits.js';

/** The shipped reference data (data/ here and src/server-kit/nomenclature/data; README.md lists sources and licences). */
export interface Nomenclature {
  /** Section (Roman numeral) to its name. */
  sections: Map<string, string>;
  /** HS chapters (2 digits), headings (4) and subheadings (6) to their description. */
  hs: Map<string, { description: string; section: string }>;
  /** CN 6-digit subheadings that have CN8 lines (the CN's own wording of that level). */
  cnSubheadings: Map<string, string>;
  /** CN8 leaf lines. */
  cn8: { code: string; description: string; parent: string; hs6Description: string }[];
  /** UK goods terms (search references): term to UK 10-digit code. */
  searchReferences: { term: string; code: string }[];
  /** Parcel item descriptions to 8- or 10-digit codes. */
  extraReferences: { description: string; code: string }[];
  /** Descriptions HMRC considers too vague to classify, folded to lower case. */
  vagueTerms: Set<string>;
}

const dataFile = (name: string): string => readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8');

export function loadNomenclature(): Nomenclature {
  const sections = new Map<string, string>();
  for (const r of csvRecords(readNomenclatureFile('sections.csv'))) sections.set(r.section ?? '', r.name ?? '');

  const hs = new Map<string, { description: string; section: string }>();
  for (const r of csvRecords(readNomenclatureFile('harmonized-system.csv'))) {
    const code = r.hscode ?? '';
    if (!/^\d{2}(\d{2}){0,2}$/.test(code)) continue; // skips the TOTAL row
    hs.set(code, { description: r.description ?? '', section: r.section ?? '' });
  }

  const cnSubheadings = new Map<string, string>();
  const cn8: Nomenclature['cn8'] = [];
  for (const r of csvRecords(readNomenclatureFile('cn2026.csv'))) {
    const code = r.code ?? '';
    if (r.level === 'subheading') cnSubheadings.set(code, r.description ?? '');
    else if (r.level === 'cn8' && /^\d{8}$/.test(code)) {
      cn8.push({ code, description: r.description ?? '', parent: r.parent ?? '', hs6Description: r.hs6_description ?? '' });
    } else if (r.level === 'heading' && !hs.has(code)) hs.set(code, { description: r.description ?? '', section: r.section ?? '' });
  }

  const searchReferences = csvRecords(readNomenclatureFile('search-references.csv'))
    .map((r) => ({ term: r.term ?? '', code: r.commodity_code ?? '' }))
    .filter((r) => r.term && /^\d{6,10}$/.test(r.code));
  const extraReferences = csvRecords(dataFile('extra-references.csv'))
    .map((r) => ({ description: r.goods_description ?? '', code: r.commodity_code ?? '' }))
    .filter((r) => r.description && /^\d{6,10}$/.test(r.code));
  const vagueTerms = new Set(
    csvRecords(dataFile('vague-terms.csv'))
      .map((r) => normaliseVague(r.description ?? ''))
      .filter(Boolean),
  );
  return { sections, hs, cnSubheadings, cn8, searchReferences, extraReferences, vagueTerms };
}

/** The form vague terms are compared in: lower case, letters and digits, single spaces. */
export function normaliseVague(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The frozen 20 % hold-out of a reference text (see splits.ts): never trained or tuned on. */
export const isHeldOut = (text: string): boolean => splitOf(text) === 'holdout';
