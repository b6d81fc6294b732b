import { z } from 'zod';

/** GET /api/notifications/unread-count: the bell's number (its own module: the bell is on the first screen, the alert rules are not). */
export const unreadCountSchema = z.object({ unread: z.number().int() });
