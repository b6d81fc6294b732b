import type { ClassificationResult, Jurisdiction } from '../../../../contract/classification';
import { goodsItemReference } from '../../../../contract/classification-links';
import { DECLARATION_CODE_LENGTH, normaliseCommodityCode } from '../../../../contract/tariff';

export interface CodeProposal {
  code: string;
  score: number;
  explanation: string;
}

/** How a goods item's declared code fares against the service's proposals for its description. */
export interface CodeCheckVerdict {
  /** The declared code is one of the proposals (compared at the CN 8-digit line). */
  among: boolean;
  /** 1-based place of the declared code among the proposals, best first; null when not among them. */
  rank: number | null;
  /** The best proposal when the declared code is not among them (the code to take instead). */
  better: CodeProposal | null;
  /** Every proposal, best first. */
  proposals: CodeProposal[];
}

/** The CN line a code is read at: a 10-digit code's last two digits are national. */
const line = (code: string): string => normaliseCommodityCode(code).slice(0, DECLARATION_CODE_LENGTH);

/** Compares the declared code with a run's proposals; an empty declared code is never among them. */
export function codeCheckVerdict(declared: string, result: Pick<ClassificationResult, 'options'>): CodeCheckVerdict {
  const proposals = [...result.options]
    .sort((a, b) => b.score - a.score)
    .map(({ code, score, explanation }) => ({ code: normaliseCommodityCode(code), score, explanation }));
  const wanted = line(declared);
  const index = wanted.length === DECLARATION_CODE_LENGTH ? proposals.findIndex((p) => line(p.code) === wanted) : -1;
  return { among: index >= 0, rank: index >= 0 ? index + 1 : null, better: index >= 0 ? null : (proposals[0] ?? null), proposals };
}

/**
 * The classification jurisdiction a declaration's codes are read in, from its jurisdiction
 * (a country): Great Britain's UK tariff, Switzerland's, otherwise the EU's Combined Nomenclature.
 */
export function classificationJurisdictionOf(declarationJurisdiction: string): Jurisdiction {
  if (declarationJurisdiction === 'GB' || declarationJurisdiction === 'UK') return 'UK';
  if (declarationJurisdiction === 'CH') return 'CH';
  return 'EU';
}

/**
 * The external references a check may file its classification item under, in order: the goods
 * item's article id when it has one (so the classification of that article is reused and links
 * back to every goods item with it), then the console's own for this goods item (LRN/number).
 */
export function checkItemReferences(lrn: string, sequenceNumber: number, articleId: string | undefined): string[] {
  const own = goodsItemReference(lrn, sequenceNumber);
  const article = articleId?.trim();
  return article && article !== own ? [article, own] : [own];
}
