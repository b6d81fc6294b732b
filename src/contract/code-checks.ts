import { z } from 'zod';
import { descriptionSchema, jurisdictionSchema, runStatusSchema, type ClassificationResult, type Jurisdiction } from './classification.js';
import { goodsItemReference } from './classification-links.js';
import { DECLARATION_CODE_LENGTH, normaliseCommodityCode } from './tariff.js';

/**
 * "Check this code" on a goods item (BFF endpoints under `/api/code-checks`, open to clerks and
 * analysts): the BFF files the item's description as a classification item under the goods item's
 * reference, starts one run with its service token and answers how the declared code fares.
 */

/** POST /api/code-checks: the goods item and its description and code as they stand in the form. */
export const codeCheckStartSchema = z.strictObject({
  declarationId: z.string().min(1).max(200),
  sequenceNumber: z.number().int().positive().max(99_999),
  description: descriptionSchema,
  /** The declared code as typed (spaces allowed); empty or partial codes are checked as "no code". */
  code: z.string().max(20).default(''),
});
export type CodeCheckStart = z.input<typeof codeCheckStartSchema>;

export const codeCheckIdParamSchema = z.object({ checkId: z.uuid() });

/** The answer to POST (202) and GET /api/code-checks/{checkId}: the run, and the verdict once Completed. */
export const codeCheckSchema = z.object({
  /** The classification run's id. */
  checkId: z.uuid(),
  /** The classification item the description was filed as. */
  itemId: z.uuid(),
  jurisdiction: jurisdictionSchema,
  /** The declared code as checked (normalised); '' when none was sent. */
  code: z.string(),
  status: runStatusSchema,
  /** Why the run ended in Error, when the service says. */
  message: z.string().nullable(),
  verdict: z
    .object({
      among: z.boolean(),
      rank: z.number().int().positive().nullable(),
      better: z.object({ code: z.string(), score: z.number(), explanation: z.string() }).nullable(),
      proposals: z.array(z.object({ code: z.string(), score: z.number(), explanation: z.string() })),
    })
    .nullable(),
});
export type CodeCheck = z.infer<typeof codeCheckSchema>;

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
