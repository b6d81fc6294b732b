import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../server-kit/database/engine.js';
import type { BffTables } from './tables.js';

export interface BucketLimit {
  /** Tokens added a second. */
  perSecond: number;
  /** Tokens a full bucket holds (the burst), at least 1. */
  capacity: number;
}

/** Token buckets every replica shares: one row per key, taken from in one atomic upsert. */
export interface RateLimitBucketRepository {
  /** Takes a token of `key`: 0 when one was there, otherwise the whole seconds until one will be. */
  take(key: string, limit: BucketLimit, nowMs: number): Promise<number>;
}

export function rateLimitBucketRepository(db: Kysely<BffTables>, engine: Engine): RateLimitBucketRepository {
  const least = engine === 'postgres' ? sql.raw('LEAST') : sql.raw('MIN');
  const greatest = engine === 'postgres' ? sql.raw('GREATEST') : sql.raw('MAX');
  return {
    async take(key, { perSecond, capacity }, nowMs) {
      const perMs = perSecond / 1000;
      // The row as it stands now: refilled for the time since the last take, never above capacity.
      const refilled = sql`${least}(${capacity}, rate_limit_buckets.tokens + ${greatest}(0, ${nowMs} - rate_limit_buckets.updated_ms) * ${perMs})`;
      // One statement: concurrent takes on any replica queue on the row, so no token is spent twice.
      const { rows } = await sql<{ tokens: number | string; granted: number | string }>`
        INSERT INTO rate_limit_buckets (bucket, tokens, updated_ms, granted) VALUES (${key}, ${capacity - 1}, ${nowMs}, 1)
        ON CONFLICT (bucket) DO UPDATE SET
          tokens = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
          updated_ms = ${greatest}(rate_limit_buckets.updated_ms, ${nowMs}),
          granted = CASE WHEN ${refilled} >= 1 THEN 1 ELSE 0 END
        RETURNING tokens, granted`.execute(db);
      const row = rows[0];
      if (!row || Number(row.granted) === 1) return 0;
      return Math.max(1, Math.ceil((1 - Number(row.tokens)) / perSecond));
    },
  };
}
