import type { Adapter, AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import type { OidcRepository } from '../../store/platform/oidc-repository.js';

/**
 * oidc-provider storage in the sandbox database (store/platform/oidc-repository.ts), so sessions,
 * grants and refresh tokens survive a restart. Not emptied by POST /_sandbox/reset: resetting
 * demo data should not sign users out.
 */

// Payloads are oidc-provider's own records; we store and return them unchanged.
const payloadSchema = z.custom<AdapterPayload>((v) => typeof v === 'object' && v !== null);
const asPayload = (stored: Record<string, unknown> | undefined): AdapterPayload | undefined =>
  stored ? payloadSchema.parse(stored) : undefined;

/** Expired rows are purged every this many writes (reads ignore them anyway). */
const PURGE_EVERY_WRITES = 200;

/** `now` must be the provider's clock (it uses Date.now), or expiry would disagree with its own checks. */
export function storeAdapterFactory(oidc: OidcRepository, now: () => number = Date.now): (model: string) => Adapter {
  let writes = 0;
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const t = now();
      if (++writes % PURGE_EVERY_WRITES === 0) await oidc.purgeExpired(t);
      await oidc.upsert(model, id, {
        payload: { ...payload },
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? t + expiresIn * 1000 : null,
      });
    },
    async find(id) {
      return asPayload(await oidc.find(model, 'id', id, now()));
    },
    async findByUid(uid) {
      return asPayload(await oidc.find(model, 'uid', uid, now()));
    },
    async findByUserCode(userCode) {
      return asPayload(await oidc.find(model, 'userCode', userCode, now()));
    },
    async consume(id) {
      await oidc.consume(model, id, Math.floor(now() / 1000));
    },
    async destroy(id) {
      await oidc.destroy(model, id);
    },
    async revokeByGrantId(grantId) {
      await oidc.revokeByGrantId(grantId);
    },
  });
}
