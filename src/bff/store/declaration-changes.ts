import type { Kysely } from 'kysely';
import type { DeclarationChange } from '../../contract/review.js';
import type { BffTables } from './tables.js';

export type NewDeclarationChange = Omit<DeclarationChange, 'id' | 'authorName'> & { authorSub: string; authorName: string };

/** Header and goods item changes made through the console, with what was sent and the part it changed as read before. */
export interface DeclarationChangesRepository {
  record(change: NewDeclarationChange): Promise<void>;
  /** Newest first. */
  forDeclaration(declarationId: string, limit: number): Promise<DeclarationChange[]>;
}

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export function declarationChangesRepository(db: Kysely<BffTables>): DeclarationChangesRepository {
  return {
    async record(c) {
      await db
        .insertInto('declaration_changes')
        .values({
          declaration_id: c.declarationId,
          item_id: c.itemId,
          operation: c.operation,
          changed_at: c.changedAt,
          author_sub: c.authorSub,
          author_name: c.authorName,
          sent: JSON.stringify(c.sent ?? null),
          before: c.before === null || c.before === undefined ? null : JSON.stringify(c.before),
          upstream_status: c.upstreamStatus,
        })
        .execute();
    },

    async forDeclaration(declarationId, limit) {
      const rows = await db
        .selectFrom('declaration_changes')
        .selectAll()
        .where('declaration_id', '=', declarationId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        declarationId: r.declaration_id,
        itemId: r.item_id,
        operation: r.operation,
        changedAt: r.changed_at,
        authorName: r.author_name,
        sent: parse(r.sent),
        before: parse(r.before),
        upstreamStatus: r.upstream_status,
      }));
    },
  };
}
