import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { userPreferencesSchema, type Language } from '../../contract/user-preferences';
import { request } from '../api-client';

/** GET /api/me/preferences: the signed-in user's own choices, kept by the BFF (they survive sign-out and follow the user). */
export const userPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'preferences'] as const,
    // Read once at sign-in and never retried: without it the browser's preference applies, which is no reason to wait.
    queryFn: ({ signal }) => request('/me/preferences', { schema: userPreferencesSchema, signal, retry: 'none' }),
    staleTime: Infinity,
    retry: false,
  });

/** The language the user chose on any browser, undefined when they never did or it cannot be read now. */
export async function savedLanguage(queryClient: QueryClient): Promise<Language | undefined> {
  try {
    return (await queryClient.ensureQueryData(userPreferencesQueryOptions())).language ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the user's choice with the BFF for their next sign-in, here or elsewhere. */
export async function saveLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  const saved = await request('/me/preferences', { method: 'PUT', body: { language }, schema: userPreferencesSchema });
  queryClient.setQueryData(userPreferencesQueryOptions().queryKey, saved);
}
