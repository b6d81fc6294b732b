import { sql, type Expression, type SqlBool } from 'kysely';
import type { Engine } from '../../../server-kit/database/engine.js';

/**
 * The externalReference search filter. `*` at the start, the end or both is a wildcard; an inner
 * `*` is literal. Matching is case-sensitive on both engines and uses substr/strpos (no LIKE), so
 * `%`, `_` and `\` in references have no special meaning and nothing needs escaping.
 */
export type ReferencePattern = { kind: 'exact' | 'prefix' | 'suffix' | 'contains'; text: string } | { kind: 'any' };

export function parseReferencePattern(pattern: string): ReferencePattern {
  const starts = pattern.startsWith('*');
  const ends = pattern.length > 1 && pattern.endsWith('*');
  const text = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined);
  if (!starts && !ends) return { kind: 'exact', text: pattern };
  if (text === '') return { kind: 'any' };
  if (starts && ends) return { kind: 'contains', text };
  return { kind: ends ? 'prefix' : 'suffix', text };
}

/** The condition on `external_reference`; lengths in code points, as both engines count characters. */
export function referenceCondition(pattern: ReferencePattern, engine: Engine): Expression<SqlBool> {
  if (pattern.kind === 'any') return sql<SqlBool>`1 = 1`;
  const { text } = pattern;
  const length = [...text].length;
  const reference = sql.ref('classification_items.external_reference');
  switch (pattern.kind) {
    case 'exact':
      return sql<SqlBool>`${reference} = ${text}`;
    case 'prefix':
      return sql<SqlBool>`substr(${reference}, 1, ${length}) = ${text}`;
    case 'suffix':
      // Guarded: SQLite reads a negative start from the end, PostgreSQL from before the start.
      return sql<SqlBool>`(length(${reference}) >= ${length} AND substr(${reference}, length(${reference}) - ${length - 1}) = ${text})`;
    case 'contains':
      // The same function under two names.
      return engine === 'postgres' ? sql<SqlBool>`strpos(${reference}, ${text}) > 0` : sql<SqlBool>`instr(${reference}, ${text}) > 0`;
  }
}
