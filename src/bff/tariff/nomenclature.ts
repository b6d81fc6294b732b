import type { SupplementaryUnit, TariffCodeReading, TariffLevel, TariffNode, TariffTree, TariffValidity } from '../../contract/tariff.js';
import { SUPPLEMENTARY_UNITS } from '../../contract/tariff.js';
import { csvRecords } from '../../server-kit/nomenclature/csv.js';
import { readNomenclatureFile } from '../../server-kit/nomenclature/data-files.js';

/** The shipped CN is the 2026 edition, in force for the calendar year (Regulation (EEC) No 2658/87, Annex I, replaced yearly). */
const CN_2026: TariffValidity = { nomenclature: 'CN 2026', from: '2026-01-01', to: '2026-12-31' };
/** HS 2022 applies from 1 January 2022; the shipped file names no end. */
const HS_2022: TariffValidity = { nomenclature: 'HS 2022', from: '2022-01-01', to: null };

/** One line of the tree: its node, its parent's code and its children's codes in CN order. */
export interface TariffEntry {
  node: TariffNode;
  parent: string | null;
  children: string[];
  /** The 6-digit HS text of a CN 8-digit line (the words a search reads besides its own). */
  hs6Description: string;
}

/** Chapter and section titles are in capitals in the CN: read as a sentence. */
function sentenceCase(text: string): string {
  if (/[a-z]/.test(text)) return text;
  const lower = text.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function unitOf(code: string): SupplementaryUnit | null {
  if (!code) return null;
  return { code, label: SUPPLEMENTARY_UNITS[code] ?? code };
}

/**
 * The EU Combined Nomenclature 2026 as a tree (sections → chapters → headings → subheadings →
 * CN 8-digit lines), with the HS 2022 subheadings the CN has no line of its own for (a heading
 * whose only split is at 8 digits, such as 6109 10). Built once; every read is a Map lookup.
 */
export class Nomenclature {
  readonly entries = new Map<string, TariffEntry>();
  readonly sections: string[] = [];
  /** HS 2022 6-digit subheadings without a CN line: code → description. */
  private readonly hsOnly = new Map<string, string>();

  static load(): Nomenclature {
    const n = new Nomenclature();
    const levels: Record<string, TariffLevel> = {
      section: 'section',
      chapter: 'chapter',
      heading: 'heading',
      subheading: 'subheading',
      cn8: 'cn8',
    };
    for (const r of csvRecords(readNomenclatureFile('cn2026.csv'))) {
      const level = levels[r.level ?? ''];
      const code = r.code ?? '';
      if (!level || !code) continue;
      const leaf = level === 'cn8';
      const description = level === 'section' || level === 'chapter' ? sentenceCase(r.description ?? '') : (r.description ?? '');
      n.entries.set(code, {
        node: {
          code,
          level,
          description,
          leaf,
          childCount: 0,
          supplementaryUnit: leaf ? unitOf(r.supplementary_unit ?? '') : null,
          validity: CN_2026,
        },
        parent: r.parent || null,
        children: [],
        hs6Description: r.hs6_description ?? '',
      });
      if (level === 'section') n.sections.push(code);
    }
    for (const [code, entry] of n.entries) {
      const parent = entry.parent ? n.entries.get(entry.parent) : undefined;
      if (parent) parent.children.push(code);
    }
    for (const entry of n.entries.values()) {
      entry.children.sort();
      entry.node.childCount = entry.children.length;
    }
    for (const r of csvRecords(readNomenclatureFile('harmonized-system.csv'))) {
      const code = r.hscode ?? '';
      if (/^\d{6}$/.test(code) && !n.entries.has(code)) n.hsOnly.set(code, r.description ?? '');
    }
    return n;
  }

  node(code: string): TariffNode | undefined {
    return this.entries.get(code)?.node ?? this.hsNode(code);
  }

  /** An HS 2022 subheading the CN splits only at 8 digits: its lines are the CN lines that start with it. */
  private hsNode(code: string): TariffNode | undefined {
    const description = this.hsOnly.get(code);
    if (description === undefined) return undefined;
    const heading = this.entries.get(code.slice(0, 4));
    const childCount = heading ? heading.children.filter((c) => c.startsWith(code)).length : 0;
    // An HS subheading with no CN line (999999, or one the CN dropped) is no code of CN 2026.
    if (childCount === 0) return undefined;
    return { code, level: 'subheading', description, leaf: false, childCount, supplementaryUnit: null, validity: HS_2022 };
  }

  /** Ancestors of a code in the tree, top first (not the code itself). */
  ancestors(code: string): TariffNode[] {
    const out: TariffNode[] = [];
    let parent = this.entries.get(code)?.parent ?? (this.hsOnly.has(code) ? code.slice(0, 4) : null);
    while (parent) {
      const entry = this.entries.get(parent);
      if (!entry) break;
      out.unshift(entry.node);
      parent = entry.parent;
    }
    return out;
  }

  /** How a typed code reads (see tariffCodeReadingSchema). */
  read(typed: string): TariffCodeReading {
    const nationalDigits = /^\d{10}$/.test(typed) ? typed.slice(8) : null;
    const code = nationalDigits ? typed.slice(0, 8) : typed;
    const node = this.node(code);
    if (node) return { code: typed, status: node.leaf ? 'leaf' : 'notLeaf', node, levels: [...this.ancestors(code), node], nationalDigits };
    // The longest prefix that exists: the levels the user typed right before going astray.
    for (let length = Math.min(code.length - 1, 6); length >= 2; length--) {
      const prefix = this.node(code.slice(0, length));
      if (prefix) return { code: typed, status: 'unknown', node: null, levels: [...this.ancestors(prefix.code), prefix], nationalDigits };
    }
    return { code: typed, status: 'unknown', node: null, levels: [], nationalDigits };
  }

  /** The sections (no parent), or the lines directly below a node; undefined when the parent does not exist. */
  tree(parent: string | undefined): TariffTree | undefined {
    if (parent === undefined)
      return { parent: null, ancestors: [], children: this.sections.flatMap((c) => this.entries.get(c)?.node ?? []) };
    const node = this.node(parent);
    if (!node) return undefined;
    const entry = this.entries.get(parent);
    const codes = entry ? entry.children : (this.entries.get(parent.slice(0, 4))?.children.filter((c) => c.startsWith(parent)) ?? []);
    return { parent: node, ancestors: this.ancestors(parent), children: codes.flatMap((c) => this.entries.get(c)?.node ?? []) };
  }
}
