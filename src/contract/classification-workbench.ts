import { z } from 'zod';
import { jurisdictionSchema, normaliseCode, runStatusSchema, type ClassificationResult, type Jurisdiction } from './classification.js';

/**
 * The BFF's record of classification runs and analysts' decisions (the service keeps no run list
 * and assigned codes cannot be changed through its API). Served under /api/classification/*.
 */

/** A run the BFF started for the team, with what it last learned from the service about it. */
export const recordedRunSchema = z.object({
  runId: z.string(),
  itemId: z.string(),
  /** The item's external reference when the run was started. */
  itemReference: z.string().nullable(),
  jurisdiction: jurisdictionSchema,
  /** The code the analyst asked the engine to verify, if any. */
  code: z.string().nullable(),
  /** The item's assigned code of this jurisdiction when the run was started (assigned codes never change). */
  assignedCode: z.string().nullable(),
  startedBy: z.object({ sub: z.string(), name: z.string() }),
  startedAt: z.string(),
  status: runStatusSchema,
  /** Best proposed code and its score once Completed. */
  bestCode: z.string().nullable(),
  bestScore: z.number().nullable(),
  /** Score of the assigned code, when the result states it. */
  assignedScore: z.number().nullable(),
  /** The best code differs from the assigned one at the 6-digit level and scores higher. */
  better: z.boolean(),
  updatedAt: z.string(),
});
export type RecordedRun = z.infer<typeof recordedRunSchema>;

/** GET /api/classification/runs?itemId=<id>. */
export const recordedRunListSchema = z.object({ runs: z.array(recordedRunSchema) });

export const DECISIONS = ['accepted', 'rejected'] as const;
export const decisionKindSchema = z.enum(DECISIONS);
export type DecisionKind = z.infer<typeof decisionKindSchema>;
export const DECISION_COMMENT_MAX = 1000;

/** POST /api/classification/decisions: the codes and scores come from the BFF's record of the run, not from the client. */
export const decisionRequestSchema = z.strictObject({
  runId: z.string().min(1).max(100),
  decision: decisionKindSchema,
  comment: z.string().max(DECISION_COMMENT_MAX, `At most ${DECISION_COMMENT_MAX} characters.`).default(''),
});
export type DecisionRequest = z.input<typeof decisionRequestSchema>;

export const decisionSchema = z.object({
  id: z.number().int(),
  runId: z.string(),
  itemId: z.string(),
  itemReference: z.string().nullable(),
  jurisdiction: jurisdictionSchema,
  assignedCode: z.string().nullable(),
  assignedScore: z.number().nullable(),
  proposedCode: z.string(),
  proposedScore: z.number().nullable(),
  decision: decisionKindSchema,
  comment: z.string(),
  decidedBy: z.object({ sub: z.string(), name: z.string() }),
  decidedAt: z.string(),
});
export type Decision = z.infer<typeof decisionSchema>;

/** GET /api/classification/decisions: newest first. */
export const decisionListSchema = z.object({ decisions: z.array(decisionSchema) });

/** One row of the better-suggestion worklist: the latest completed run of an item and jurisdiction that proposes a better code, and its latest decision. */
export const worklistRowSchema = z.object({ run: recordedRunSchema, decision: decisionSchema.nullable() });
export type WorklistRow = z.infer<typeof worklistRowSchema>;
export const worklistSchema = z.object({ rows: z.array(worklistRowSchema) });

/** The 6-digit (HS subheading) part of a code: where jurisdictions can be compared. */
export const hs6 = (code: string): string => normaliseCode(code).slice(0, 6);

export interface RunSummary {
  bestCode: string | null;
  bestScore: number | null;
  assignedScore: number | null;
  better: boolean;
}

/** "... the assigned 4202 21 90 (score 3.2) ...": the sandbox's notes state the assigned code's score (the specification's result has no field for it). */
const ASSIGNED_SCORE_NOTE = /assigned ([\d .]+?) \(score (\d+(?:\.\d+)?)\)/;

/** What the worklist needs of a completed result: best option, the assigned code's score, and whether the best beats it. */
export function summariseResult(result: ClassificationResult, assignedCode: string | null): RunSummary {
  const best = [...result.options].sort((a, b) => b.score - a.score)[0];
  let assignedScore: number | null = null;
  if (assignedCode) {
    const option = result.options.find((o) => hs6(o.code) === hs6(assignedCode));
    const note = ASSIGNED_SCORE_NOTE.exec(result.notes);
    if (option) assignedScore = option.score;
    else if (note?.[1] && note[2] && hs6(note[1]) === hs6(assignedCode)) assignedScore = Number(note[2]);
  }
  const better = !!best && !!assignedCode && hs6(best.code) !== hs6(assignedCode) && best.score > (assignedScore ?? 0);
  return { bestCode: best?.code ?? null, bestScore: best?.score ?? null, assignedScore, better };
}

export type { Jurisdiction };
