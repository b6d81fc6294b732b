import { queryOptions } from '@tanstack/react-query';
import { approvalPolicyAnswerSchema } from '../contract/approvals';
import { request } from './api-client';

/** GET /api/approvals/policy: the four-eyes policy in force; the approvals page shows it, a bulk Submit predicts with it. */
export const approvalPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['approvals', 'policy'] as const,
    queryFn: ({ signal }) => request('/approvals/policy', { schema: approvalPolicyAnswerSchema, signal }),
    staleTime: 5 * 60_000,
  });
