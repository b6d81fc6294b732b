import { queryOptions } from '@tanstack/react-query';
import { approvalListSchema } from '../../../contract/approvals';
import { request } from '../../../lib/api-client';
import { declarationKeys } from './declarations.queries';

/** GET /api/approvals?declarationId=: this declaration's four-eyes requests, pending first; polled while one is pending. */
export const declarationApprovalsQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: [...declarationKeys.detail(declarationId), 'approvals'] as const,
    queryFn: ({ signal }) => request('/approvals', { query: { declarationId, limit: 5 }, schema: approvalListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.requests.some((r) => r.status === 'pending' || r.status === 'sending') ? 10_000 : false),
  });
