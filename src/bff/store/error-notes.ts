import type { Kysely } from 'kysely';
import type { ErrorNote } from '../../contract/review.js';
import type { BffTables } from './tables.js';

/** Team notes per error code ("how we fixed V1003"), with who and when; shown on every declaration that has the code. */
export interface ErrorNotesRepository {
  add(note: { errorCode: string; text: string; authorSub: string; authorName: string }, at?: Date): Promise<ErrorNote>;
  /** Notes of any of these codes, newest first. */
  forCodes(errorCodes: readonly string[]): Promise<ErrorNote[]>;
}

export function errorNotesRepository(db: Kysely<BffTables>): ErrorNotesRepository {
  return {
    async add(note, at = new Date()) {
      const row = await db
        .insertInto('error_notes')
        .values({
          error_code: note.errorCode,
          text: note.text,
          author_sub: note.authorSub,
          author_name: note.authorName,
          created_at: at.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, errorCode: note.errorCode, text: note.text, authorName: note.authorName, createdAt: at.toISOString() };
    },

    async forCodes(errorCodes) {
      if (errorCodes.length === 0) return [];
      const rows = await db
        .selectFrom('error_notes')
        .selectAll()
        .where('error_code', 'in', [...errorCodes])
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      return rows.map((r) => ({ id: r.id, errorCode: r.error_code, text: r.text, authorName: r.author_name, createdAt: r.created_at }));
    },
  };
}
