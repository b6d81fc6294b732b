import { queryOptions } from '@tanstack/react-query';
import { approvalListSchema } from '../../../contract/approvals';
import { declarationSchema } from '../../../contract/declarations';
import { request } from '../../../lib/api-client';

/** Query keys of the approvals feature. */
export const approvalKeys = {
  all: ['approvals'] as const,
  list: () => [...approvalKeys.all, 'list'] as const,
  declaration: (declarationId: string) => [...approvalKeys.all, 'declaration', declarationId] as const,
};

/** GET /api/approvals: the queue, pending first; refreshed while open so a decision made elsewhere shows. */
export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: approvalKeys.list(),
    queryFn: ({ signal }) => request('/approvals', { schema: approvalListSchema, signal }),
    refetchInterval: 15_000,
  });

/** The declaration a request is about, with its errors: what the approver checks. */
export const requestedDeclarationQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: [...approvalKeys.declaration(declarationId), 'declaration'] as const,
    queryFn: ({ signal }) =>
      request(`/v1/declarations/${encodeURIComponent(declarationId)}`, { query: { include: 'errors' }, schema: declarationSchema, signal }),
  });
