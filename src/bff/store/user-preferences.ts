import type { Kysely } from 'kysely';
import { languageSchema, type Language, type UserPreferences } from '../../contract/user-preferences.js';
import type { BffTables } from './tables.js';

/** What each user chose for themselves, by their sub; one row per user, shared by every replica. */
export interface UserPreferencesRepository {
  get(sub: string): Promise<UserPreferences>;
  setLanguage(sub: string, language: Language, at: string): Promise<void>;
}

export function userPreferencesRepository(db: Kysely<BffTables>): UserPreferencesRepository {
  return {
    async get(sub) {
      const row = await db.selectFrom('user_preferences').select('language').where('sub', '=', sub).executeTakeFirst();
      const language = languageSchema.safeParse(row?.language);
      return { language: language.success ? language.data : null };
    },
    async setLanguage(sub, language, at) {
      await db
        .insertInto('user_preferences')
        .values({ sub, language, updated_at: at })
        .onConflict((oc) => oc.column('sub').doUpdateSet({ language, updated_at: at }))
        .execute();
    },
  };
}
