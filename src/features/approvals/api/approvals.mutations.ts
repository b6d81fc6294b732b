import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalDecisionAnswerSchema } from '../../../contract/approvals';
import { request } from '../../../lib/api-client';
import { approvalKeys } from './approvals.queries';

export type ApprovalDecision = 'approve' | 'reject' | 'withdraw';

/** POST /api/approvals/{id}/{decision}: never re-sent by the client (an approval sends a filing to customs). */
export function useApprovalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, comment }: { id: string; decision: ApprovalDecision; comment?: string }) =>
      request(`/approvals/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: comment === undefined ? {} : { comment },
        schema: approvalDecisionAnswerSchema,
        retry: 'never',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
