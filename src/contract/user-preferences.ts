import { z } from 'zod';

/** The languages the console speaks (docs/i18n.md); the browser's menu and the BFF's preferences share them. */
export const LANGUAGES = ['en', 'nl', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES);

/**
 * GET /api/me/preferences: what the signed-in user chose, kept by the BFF per user so it follows
 * them to any browser and survives sign-out (which removes everything of theirs from the browser).
 * null: not chosen (the browser's preference applies).
 */
export const userPreferencesSchema = z.object({ language: languageSchema.nullable() });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** PUT /api/me/preferences. */
export const userPreferencesUpdateSchema = z.strictObject({ language: languageSchema });
