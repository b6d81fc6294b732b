import type { Kysely } from 'kysely';
import type { Person } from '../../contract/assignments.js';
import { knownRoles, type Role } from '../../contract/user-claims.js';
import type { BffTables } from './tables.js';

/** The users the BFF has seen sign in, with their name and roles as of their last request: whom supervisors can assign work to. */
export interface PeopleRepository {
  seen(person: { sub: string; name: string; roles: readonly Role[] }, at: string): Promise<void>;
  /** By name. */
  list(): Promise<Person[]>;
  get(sub: string): Promise<Person | undefined>;
}

const toPerson = (r: { sub: string; name: string; roles: string; last_seen_at: string }): Person => ({
  sub: r.sub,
  name: r.name,
  roles: knownRoles(r.roles.split(' ')),
  lastSeenAt: r.last_seen_at,
});

export function peopleRepository(db: Kysely<BffTables>): PeopleRepository {
  return {
    async seen(p, at) {
      const row = { name: p.name, roles: p.roles.join(' '), last_seen_at: at };
      await db
        .insertInto('people')
        .values({ sub: p.sub, ...row })
        .onConflict((oc) => oc.column('sub').doUpdateSet(row))
        .execute();
    },

    async list() {
      const rows = await db.selectFrom('people').selectAll().orderBy('name').orderBy('sub').execute();
      return rows.map(toPerson);
    },

    async get(sub) {
      const row = await db.selectFrom('people').selectAll().where('sub', '=', sub).executeTakeFirst();
      return row && toPerson(row);
    },
  };
}
