import { queryOptions } from '@tanstack/react-query';
import { auditListSchema } from '../../../contract/audit';
import { inboxEventListSchema } from '../../../contract/live';
import { request } from '../../../lib/api-client';
import { declarationKeys } from './declarations.queries';

/**
 * The declaration's history from the BFF: who did what (GET /api/audit) and what the service
 * reported (GET /api/events, the BFF's webhook inbox). Keys sit below the declaration's detail
 * key, so invalidating the declaration after a write refreshes its history too.
 */
export const declarationEventsKey = (declarationId: string) => [...declarationKeys.detail(declarationId), 'events'] as const;

export const declarationAuditQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: declarationKeys.audit(declarationId),
    // The BFF's own endpoint (/api/audit), beside the proxied /api/v1.
    queryFn: ({ signal }) =>
      request('/audit', {
        query: { path: `/v1/declarations/${encodeURIComponent(declarationId)}`, limit: 200 },
        schema: auditListSchema,
        signal,
      }).then((r) => r.entries),
  });

export const declarationEventsQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: declarationEventsKey(declarationId),
    queryFn: ({ signal }) =>
      request('/events', { query: { declarationId, limit: 200 }, schema: inboxEventListSchema, signal }).then((r) => r.events),
  });
