import type { FastifyInstance } from 'fastify';
import type { PeopleRepository } from '../store/people.js';

/** How often one user's sign-in is written again while name and roles stay the same. */
const REFRESH_MS = 5 * 60_000;
/** Users remembered per process before the memory starts over (each is then written once more). */
const MAX_REMEMBERED = 10_000;

/**
 * Records the users who make authenticated requests (the supervisors' person picker), cheaply:
 * once per user per few minutes per replica, or at once when their name or roles change. A failed
 * write does not fail the request; the next request tries again.
 */
export function installPeopleSeen(app: FastifyInstance, people: PeopleRepository): void {
  const written = new Map<string, { at: number; key: string }>();
  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (!user) return;
    const now = Date.now();
    const key = `${user.name}\n${user.roles.join(' ')}`;
    const last = written.get(user.sub);
    if (last && last.key === key && now - last.at < REFRESH_MS) return;
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(user.sub, { at: now, key });
    try {
      await people.seen(user, new Date(now).toISOString());
    } catch (e) {
      written.delete(user.sub);
      request.log.warn({ err: e }, 'could not record the signed-in user for the person picker');
    }
  });
}
