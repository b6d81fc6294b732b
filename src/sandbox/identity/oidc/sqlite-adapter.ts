import type { Adapter, AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import type { Db, SchemaPart } from '../../store/db.js';

/**
 * oidc-provider storage in the sandbox database, so sessions, grants and refresh tokens survive
 * a restart. Not emptied by POST /_sandbox/reset: resetting demo data should not sign users out.
 */
export const oidcSchema: SchemaPart = {
  name: 'oidc',
  ddl: `CREATE TABLE IF NOT EXISTS oidc_store (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    grant_id TEXT,
    user_code TEXT,
    uid TEXT,
    expires_at INTEGER,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX IF NOT EXISTS oidc_store_grant ON oidc_store (grant_id);
  CREATE INDEX IF NOT EXISTS oidc_store_uid ON oidc_store (model, uid);`,
  resetTables: [],
};

// Payloads are oidc-provider's own records; we store and return them unchanged.
const payloadSchema = z.custom<AdapterPayload>((v) => typeof v === 'object' && v !== null);

interface Row {
  payload: string;
}

/** `now` must be the provider's clock (it uses Date.now), or expiry would disagree with its own checks. */
export function sqliteAdapterFactory(db: Db, now: () => number = Date.now): (model: string) => Adapter {
  const upsert = db.prepare<[string, string, string, string | null, string | null, string | null, number | null]>(
    `INSERT INTO oidc_store (model, id, payload, grant_id, user_code, uid, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  );
  const byId = db.prepare<[string, string, number], Row>('SELECT payload FROM oidc_store WHERE model = ? AND id = ? AND (expires_at IS NULL OR expires_at > ?)');
  const byUid = db.prepare<[string, string, number], Row>('SELECT payload FROM oidc_store WHERE model = ? AND uid = ? AND (expires_at IS NULL OR expires_at > ?)');
  const byUserCode = db.prepare<[string, string, number], Row>('SELECT payload FROM oidc_store WHERE model = ? AND user_code = ? AND (expires_at IS NULL OR expires_at > ?)');
  const remove = db.prepare<[string, string]>('DELETE FROM oidc_store WHERE model = ? AND id = ?');
  const removeGrant = db.prepare<[string]>('DELETE FROM oidc_store WHERE grant_id = ?');
  const consume = db.prepare<[number, string, string]>("UPDATE oidc_store SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?");
  const purgeExpired = db.prepare<[number]>('DELETE FROM oidc_store WHERE expires_at IS NOT NULL AND expires_at <= ?');

  const parse = (row: Row | undefined): AdapterPayload | undefined => (row ? payloadSchema.parse(JSON.parse(row.payload)) : undefined);

  let writes = 0;
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const t = now();
      if (++writes % 200 === 0) purgeExpired.run(t);
      upsert.run(model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ? t + expiresIn * 1000 : null);
    },
    async find(id) {
      return parse(byId.get(model, id, now()));
    },
    async findByUid(uid) {
      return parse(byUid.get(model, uid, now()));
    },
    async findByUserCode(userCode) {
      return parse(byUserCode.get(model, userCode, now()));
    },
    async consume(id) {
      consume.run(Math.floor(now() / 1000), model, id);
    },
    async destroy(id) {
      remove.run(model, id);
    },
    async revokeByGrantId(grantId) {
      removeGrant.run(grantId);
    },
  });
}
