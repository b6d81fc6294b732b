import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import { matchedFactSchema } from '../../contract/approval-policy.js';
import {
  approvalRequestSchema,
  approvalStatusSchema,
  type ApprovalPerson,
  type ApprovalRequest,
  type ApprovalStatus,
} from '../../contract/approvals.js';
import { roleSchema } from '../../contract/user-claims.js';
import type { ApprovalRequestsTable, BffTables } from './tables.js';

/** A write held for approval, as the proxy kept it. */
export interface NewApprovalRequest {
  id: string;
  operation: string;
  declarationId: string;
  method: string;
  /** The service's path and query, exactly as it will be sent. */
  target: string;
  path: string;
  contentType: string | null;
  body: string | null;
  requester: ApprovalRequest['requester'];
  createdAt: string;
  expiresAt: string;
  rule: ApprovalRequest['rule'];
  facts: ApprovalRequest['facts'];
}

/** The original call, to be sent once on approval. */
export type HeldCall = Pick<NewApprovalRequest, 'method' | 'target' | 'path' | 'operation' | 'contentType' | 'body'>;

export interface SendingOutcome {
  status: Extract<ApprovalStatus, 'sent' | 'failed'>;
  upstreamStatus: number | null;
  referenceId: string | null;
  outcomeDetail: string | null;
}

/** What a decision changed: the request as it is now, or why nothing changed. */
export type DecisionResult = { changed: true; request: ApprovalRequest } | { changed: false; request: ApprovalRequest | undefined };

/**
 * The approval queue, shared by every replica. Every change of status is one conditional UPDATE
 * from `pending` (and not yet expired), so of two replicas or two clicks exactly one wins: one
 * approval claims the request (`sending`) before the call goes out, and nothing sends it again.
 */
export interface ApprovalRequestRepository {
  create(request: NewApprovalRequest): Promise<ApprovalRequest>;
  get(id: string, now?: Date): Promise<ApprovalRequest | undefined>;
  /** The call as the requester made it. */
  heldCall(id: string): Promise<HeldCall | undefined>;
  /** Pending first, then the others; newest first within each. Requests past their expiry read (and are stored) as expired. */
  list(query: { declarationId?: string; status?: ApprovalStatus; limit: number }, now?: Date): Promise<ApprovalRequest[]>;
  /** pending → sending, by the approver: true for exactly one caller. */
  claim(id: string, by: ApprovalPerson, comment: string | null, now?: Date): Promise<DecisionResult>;
  /** sending → sent or failed, once the service answered (or could not be reached). */
  finishSending(id: string, outcome: SendingOutcome): Promise<ApprovalRequest | undefined>;
  reject(id: string, by: ApprovalPerson, comment: string, now?: Date): Promise<DecisionResult>;
  /** Only the requester withdraws. */
  withdraw(id: string, by: ApprovalPerson, now?: Date): Promise<DecisionResult>;
  /**
   * Requests that expired (stored as such from now on) and whose requester has not been told yet:
   * no alert with the event id `noticeEventId(id)` exists. Every replica may ask; the alert's
   * unique key lets one of them tell.
   */
  expiredUntold(noticeEventId: (id: string) => string, limit: number, now?: Date): Promise<ApprovalRequest[]>;
}

const rolesSchema = z.array(roleSchema);
const ruleSchema = approvalRequestSchema.shape.rule;
const factsSchema = z.array(matchedFactSchema);

const statusOf = (r: Selectable<ApprovalRequestsTable>, now: Date): ApprovalStatus => {
  const status = approvalStatusSchema.catch('failed').parse(r.status);
  return status === 'pending' && r.expires_at <= now.toISOString() ? 'expired' : status;
};

function toRequest(r: Selectable<ApprovalRequestsTable>, now: Date): ApprovalRequest {
  const decided = r.decided_by_sub !== null && r.decided_at !== null;
  return {
    id: r.id,
    operation: r.operation,
    declarationId: r.declaration_id,
    path: r.path,
    requester: { sub: r.requester_sub, name: r.requester_name, roles: rolesSchema.catch([]).parse(JSON.parse(r.requester_roles)) },
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    ageSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(r.created_at)) / 1000)),
    status: statusOf(r, now),
    rule: ruleSchema.parse(JSON.parse(r.rule)),
    facts: factsSchema.catch([]).parse(JSON.parse(r.facts)),
    decision: decided
      ? { by: { sub: r.decided_by_sub ?? '', name: r.decided_by_name ?? '' }, at: r.decided_at ?? '', comment: r.comment }
      : null,
    upstreamStatus: r.upstream_status === null ? null : Number(r.upstream_status),
    referenceId: r.reference_id,
    outcomeDetail: r.outcome_detail,
  };
}

export function approvalRequestRepository(db: Kysely<BffTables>): ApprovalRequestRepository {
  const get = async (id: string, now = new Date()): Promise<ApprovalRequest | undefined> => {
    const row = await db.selectFrom('approval_requests').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRequest(row, now);
  };

  /** One status change from pending, unexpired; the request as it is afterwards either way. */
  const decide = async (
    id: string,
    to: ApprovalStatus,
    by: ApprovalPerson,
    comment: string | null,
    now: Date,
    onlyRequester = false,
  ): Promise<DecisionResult> => {
    let update = db
      .updateTable('approval_requests')
      .set({ status: to, decided_by_sub: by.sub, decided_by_name: by.name, decided_at: now.toISOString(), comment })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now.toISOString());
    if (onlyRequester) update = update.where('requester_sub', '=', by.sub);
    const result = await update.executeTakeFirst();
    const request = await get(id, now);
    return Number(result.numUpdatedRows) === 1 && request ? { changed: true, request } : { changed: false, request };
  };

  return {
    async create(r) {
      await db
        .insertInto('approval_requests')
        .values({
          id: r.id,
          operation: r.operation,
          declaration_id: r.declarationId,
          method: r.method,
          target: r.target,
          path: r.path,
          content_type: r.contentType,
          body: r.body,
          requester_sub: r.requester.sub,
          requester_name: r.requester.name,
          requester_roles: JSON.stringify(r.requester.roles),
          created_at: r.createdAt,
          expires_at: r.expiresAt,
          status: 'pending',
          rule: JSON.stringify(r.rule),
          facts: JSON.stringify(r.facts),
          decided_by_sub: null,
          decided_by_name: null,
          decided_at: null,
          comment: null,
          upstream_status: null,
          reference_id: null,
          outcome_detail: null,
        })
        .execute();
      const created = await get(r.id, new Date(r.createdAt));
      if (!created) throw new Error(`approval request ${r.id} was not stored`);
      return created;
    },

    get,

    async heldCall(id) {
      const row = await db
        .selectFrom('approval_requests')
        .select(['method', 'target', 'path', 'operation', 'content_type', 'body'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          method: row.method,
          target: row.target,
          path: row.path,
          operation: row.operation,
          contentType: row.content_type,
          body: row.body,
        }
      );
    },

    async list(query, now = new Date()) {
      // Expired requests are stored as such, so every replica and every filter agrees.
      await db
        .updateTable('approval_requests')
        .set({ status: 'expired' })
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now.toISOString())
        .execute();
      let select = db.selectFrom('approval_requests').selectAll();
      if (query.declarationId !== undefined) select = select.where('declaration_id', '=', query.declarationId);
      if (query.status !== undefined) select = select.where('status', '=', query.status);
      const rows = await select
        .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.limit)
        .execute();
      return rows.map((r) => toRequest(r, now));
    },

    claim: (id, by, comment, now = new Date()) => decide(id, 'sending', by, comment, now),

    async finishSending(id, o) {
      await db
        .updateTable('approval_requests')
        .set({ status: o.status, upstream_status: o.upstreamStatus, reference_id: o.referenceId, outcome_detail: o.outcomeDetail })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
      return get(id);
    },

    reject: (id, by, comment, now = new Date()) => decide(id, 'rejected', by, comment, now),
    withdraw: (id, by, now = new Date()) => decide(id, 'withdrawn', by, null, now, true),

    async expiredUntold(noticeEventId, limit, now = new Date()) {
      await db
        .updateTable('approval_requests')
        .set({ status: 'expired' })
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now.toISOString())
        .execute();
      // The notice's event id is `<prefix><request id><suffix>`: the same concatenation in SQL.
      const [prefix = '', suffix = ''] = noticeEventId('\u0000').split('\u0000');
      const rows = await db
        .selectFrom('approval_requests as q')
        .selectAll('q')
        .where('q.status', '=', 'expired')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('alerts as a')
                .select('a.id')
                .where('a.event_id', '=', sql<string>`${prefix} || q.id || ${suffix}`),
            ),
          ),
        )
        .orderBy('q.expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => toRequest(r, now));
    },
  };
}
