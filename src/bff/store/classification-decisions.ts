import type { Kysely, Selectable } from 'kysely';
import { jurisdictionSchema } from '../../contract/classification.js';
import { decisionKindSchema, type Decision } from '../../contract/classification-workbench.js';
import type { BffTables, ClassificationDecisionsTable } from './tables.js';

/** Analysts' accept/reject decisions on better suggestions; append-only, so the sheet shows who changed their mind. */
export interface ClassificationDecisionRepository {
  record(decision: Omit<Decision, 'id'>): Promise<Decision>;
  /** Every decision, newest first. */
  list(limit: number): Promise<Decision[]>;
}

const toDecision = (r: Selectable<ClassificationDecisionsTable>): Decision => ({
  id: Number(r.id),
  runId: r.run_id,
  itemId: r.item_id,
  itemReference: r.item_reference,
  jurisdiction: jurisdictionSchema.parse(r.jurisdiction),
  assignedCode: r.assigned_code,
  assignedScore: r.assigned_score === null ? null : Number(r.assigned_score),
  proposedCode: r.proposed_code,
  proposedScore: r.proposed_score === null ? null : Number(r.proposed_score),
  decision: decisionKindSchema.parse(r.decision),
  comment: r.comment,
  decidedBy: { sub: r.decided_by_sub, name: r.decided_by_name },
  decidedAt: r.decided_at,
});

export function classificationDecisionRepository(db: Kysely<BffTables>): ClassificationDecisionRepository {
  return {
    async record(d) {
      const row = await db
        .insertInto('classification_decisions')
        .values({
          run_id: d.runId,
          item_id: d.itemId,
          item_reference: d.itemReference,
          jurisdiction: d.jurisdiction,
          assigned_code: d.assignedCode,
          assigned_score: d.assignedScore,
          proposed_code: d.proposedCode,
          proposed_score: d.proposedScore,
          decision: d.decision,
          comment: d.comment,
          decided_by_sub: d.decidedBy.sub,
          decided_by_name: d.decidedBy.name,
          decided_at: d.decidedAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDecision(row);
    },

    async list(limit) {
      const rows = await db.selectFrom('classification_decisions').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toDecision);
    },
  };
}
