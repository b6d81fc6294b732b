import type { FastifyInstance } from 'fastify';
import { userPreferencesUpdateSchema, type UserPreferences } from '../../contract/user-preferences.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { UserPreferencesRepository } from '../store/user-preferences.js';

/** GET and PUT /api/me/preferences (src/contract/user-preferences.ts): the caller's own choices, nobody else's. */
export function registerUserPreferenceRoutes(app: FastifyInstance, preferences: UserPreferencesRepository): void {
  app.get('/api/me/preferences', async (request, reply): Promise<UserPreferences> => {
    const user = requireOperation(request, 'GET /api/me/preferences');
    reply.header('cache-control', 'no-store');
    return preferences.get(user.sub);
  });

  app.put('/api/me/preferences', async (request): Promise<UserPreferences> => {
    const user = requireOperation(request, 'PUT /api/me/preferences');
    const { language } = userPreferencesUpdateSchema.parse(request.body);
    await preferences.setLanguage(user.sub, language, new Date().toISOString());
    return { language };
  });
}
