import type { Kysely, Selectable } from 'kysely';
import { ASSIGNMENT_ACTIONS, type Assignment, type AssignmentAction, type AssignmentChange } from '../../contract/assignments.js';
import type { AssignmentChangesTable, AssignmentsTable, BffTables } from './tables.js';

/** Someone who owns or assigns: the token's sub and display name. */
export interface Actor {
  sub: string;
  name: string;
}

export type AssignOutcome =
  | { kind: 'changed'; assignment: Assignment | undefined; change: AssignmentChange }
  /** Already so: nothing written. */
  | { kind: 'unchanged'; assignment: Assignment | undefined }
  /** `may` refused the change given the current owner. */
  | { kind: 'refused'; current: Assignment | undefined };

/** Decides, from the current owner (undefined: none), whether the change may go ahead. */
export type MayChange = (current: Assignment | undefined) => boolean;

/** Who owns which declaration (one owner each) and every change of ownership; shared by every replica. */
export interface AssignmentsRepository {
  /** Makes `owner` the owner, when `may` allows it given the current one. */
  assign(declarationId: string, owner: Actor, by: Actor, at: string, may: MayChange): Promise<AssignOutcome>;
  /** Removes the owner, when `may` allows it. */
  unassign(declarationId: string, by: Actor, at: string, may: MayChange): Promise<AssignOutcome>;
  forDeclarations(declarationIds: readonly string[]): Promise<Assignment[]>;
  /** Oldest assignment first. */
  byOwner(ownerSub: string): Promise<Assignment[]>;
  /** Every current assignment, oldest first. */
  all(): Promise<Assignment[]>;
  /** Newest first. */
  history(declarationId: string, limit: number): Promise<AssignmentChange[]>;
}

/** Compare-and-set attempts before giving up: each lost race means another replica just changed the same declaration. */
const MAX_ATTEMPTS = 5;
/** Bound parameters per IN list (SQLite allows 32766, PostgreSQL 65535). */
const CHUNK = 500;

const toAssignment = (r: Selectable<AssignmentsTable>): Assignment => ({
  declarationId: r.declaration_id,
  ownerSub: r.owner_sub,
  ownerName: r.owner_name,
  assignedByName: r.assigned_by_name,
  assignedAt: r.assigned_at,
});

const isAction = (a: string): a is AssignmentAction => (ASSIGNMENT_ACTIONS as readonly string[]).includes(a);

const toChange = (r: Selectable<AssignmentChangesTable>): AssignmentChange => ({
  id: Number(r.id),
  declarationId: r.declaration_id,
  action: isAction(r.action) ? r.action : 'assigned',
  ownerName: r.owner_name,
  previousOwnerName: r.previous_owner_name,
  byName: r.by_name,
  at: r.at,
});

export function assignmentsRepository(db: Kysely<BffTables>): AssignmentsRepository {
  const current = async (tx: Kysely<BffTables>, declarationId: string) => {
    const row = await tx.selectFrom('assignments').selectAll().where('declaration_id', '=', declarationId).executeTakeFirst();
    return row && toAssignment(row);
  };

  /**
   * One attempt: reads the owner, then writes only if it is still that owner (insert when there
   * was none, update or delete where owner_sub is unchanged), so two replicas changing the same
   * declaration at once never both win. undefined: lost the race, try again.
   */
  async function attempt(
    declarationId: string,
    owner: Actor | null,
    by: Actor,
    at: string,
    may: MayChange,
  ): Promise<AssignOutcome | undefined> {
    return db.transaction().execute(async (tx) => {
      const before = await current(tx, declarationId);
      if ((before?.ownerSub ?? null) === (owner?.sub ?? null)) return { kind: 'unchanged', assignment: before };
      if (!may(before)) return { kind: 'refused', current: before };
      const row = owner && {
        owner_sub: owner.sub,
        owner_name: owner.name,
        assigned_by_sub: by.sub,
        assigned_by_name: by.name,
        assigned_at: at,
      };
      // RETURNING tells on both engines whether the row was written (an insert that met a conflict returns nothing).
      const written =
        row === null
          ? await tx
              .deleteFrom('assignments')
              .where('declaration_id', '=', declarationId)
              .where('owner_sub', '=', before?.ownerSub ?? '')
              .returning('declaration_id')
              .executeTakeFirst()
          : before
            ? await tx
                .updateTable('assignments')
                .set(row)
                .where('declaration_id', '=', declarationId)
                .where('owner_sub', '=', before.ownerSub)
                .returning('declaration_id')
                .executeTakeFirst()
            : await tx
                .insertInto('assignments')
                .values({ declaration_id: declarationId, ...row })
                .onConflict((oc) => oc.column('declaration_id').doNothing())
                .returning('declaration_id')
                .executeTakeFirst();
      if (written === undefined) return undefined;
      const action: AssignmentAction = owner === null ? 'unassigned' : before ? 'reassigned' : 'assigned';
      const change = await tx
        .insertInto('assignment_changes')
        .values({
          declaration_id: declarationId,
          action,
          owner_sub: owner?.sub ?? null,
          owner_name: owner?.name ?? null,
          previous_owner_name: before?.ownerName ?? null,
          by_sub: by.sub,
          by_name: by.name,
          at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const assignment =
        owner === null ? undefined : { declarationId, ownerSub: owner.sub, ownerName: owner.name, assignedByName: by.name, assignedAt: at };
      return { kind: 'changed', assignment, change: toChange(change) };
    });
  }

  async function change(declarationId: string, owner: Actor | null, by: Actor, at: string, may: MayChange): Promise<AssignOutcome> {
    for (let i = 1; ; i++) {
      const outcome = await attempt(declarationId, owner, by, at, may);
      if (outcome) return outcome;
      if (i >= MAX_ATTEMPTS) throw new Error(`The owner of ${declarationId} kept changing: gave up after ${MAX_ATTEMPTS} attempts.`);
    }
  }

  return {
    assign: (declarationId, owner, by, at, may) => change(declarationId, owner, by, at, may),
    unassign: (declarationId, by, at, may) => change(declarationId, null, by, at, may),

    async forDeclarations(declarationIds) {
      const out: Assignment[] = [];
      for (let i = 0; i < declarationIds.length; i += CHUNK) {
        const rows = await db
          .selectFrom('assignments')
          .selectAll()
          .where('declaration_id', 'in', declarationIds.slice(i, i + CHUNK))
          .execute();
        out.push(...rows.map(toAssignment));
      }
      return out;
    },

    async byOwner(ownerSub) {
      const rows = await db
        .selectFrom('assignments')
        .selectAll()
        .where('owner_sub', '=', ownerSub)
        .orderBy('assigned_at')
        .orderBy('declaration_id')
        .execute();
      return rows.map(toAssignment);
    },

    async all() {
      const rows = await db.selectFrom('assignments').selectAll().orderBy('assigned_at').orderBy('declaration_id').execute();
      return rows.map(toAssignment);
    },

    async history(declarationId, limit) {
      const rows = await db
        .selectFrom('assignment_changes')
        .selectAll()
        .where('declaration_id', '=', declarationId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toChange);
    },
  };
}
