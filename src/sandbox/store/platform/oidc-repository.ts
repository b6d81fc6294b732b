import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { PlatformTables } from './platform-tables.js';

/** oidc-provider's own record (a JSON object); stored and returned unchanged. */
export type OidcPayload = Record<string, unknown>;

export interface OidcRecord {
  payload: OidcPayload;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  /** Epoch ms; null: never expires. */
  expiresAt: number | null;
}

export type OidcLookup = 'id' | 'uid' | 'userCode';

/**
 * The OpenID Connect issuer's sessions, grants and tokens, one row per (model, id). Not emptied
 * by a sandbox reset: resetting demo data should not sign users out.
 */
export interface OidcRepository {
  upsert(model: string, id: string, record: OidcRecord): Promise<void>;
  /** The payload found by id, uid or user code, unless expired at `now`. */
  find(model: string, by: OidcLookup, value: string, now: number): Promise<OidcPayload | undefined>;
  /** Marks a record consumed (payload.consumed = epoch seconds). */
  consume(model: string, id: string, atSeconds: number): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  /** Every record of a grant, whatever its model. */
  revokeByGrantId(grantId: string): Promise<void>;
  purgeExpired(now: number): Promise<void>;
}

const payloadSchema = z.record(z.string(), z.unknown());
const parse = (payload: string): OidcPayload => payloadSchema.parse(JSON.parse(payload));
const lookupColumn = { id: 'id', uid: 'uid', userCode: 'user_code' } as const;

export function oidcRepository(db: Kysely<PlatformTables>): OidcRepository {
  return {
    async upsert(model, id, r) {
      const values = {
        payload: JSON.stringify(r.payload),
        grant_id: r.grantId,
        user_code: r.userCode,
        uid: r.uid,
        expires_at: r.expiresAt,
      };
      await db
        .insertInto('oidc_store')
        .values({ model, id, ...values })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
        .execute();
    },

    async find(model, by, value, now) {
      const row = await db
        .selectFrom('oidc_store')
        .select('payload')
        .where('model', '=', model)
        .where(lookupColumn[by], '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
      return row && parse(row.payload);
    },

    async consume(model, id, atSeconds) {
      // Read, set, write: the JSON functions differ between the engines, and consuming twice is harmless.
      const row = await db.selectFrom('oidc_store').select('payload').where('model', '=', model).where('id', '=', id).executeTakeFirst();
      if (!row) return;
      const payload = JSON.stringify({ ...parse(row.payload), consumed: atSeconds });
      await db.updateTable('oidc_store').set({ payload }).where('model', '=', model).where('id', '=', id).execute();
    },

    async destroy(model, id) {
      await db.deleteFrom('oidc_store').where('model', '=', model).where('id', '=', id).execute();
    },

    async revokeByGrantId(grantId) {
      await db.deleteFrom('oidc_store').where('grant_id', '=', grantId).execute();
    },

    async purgeExpired(now) {
      await db.deleteFrom('oidc_store').where('expires_at', 'is not', null).where('expires_at', '<=', now).execute();
    },
  };
}
