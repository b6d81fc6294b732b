import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decisionSchema, type DecisionRequest } from '../../../contract/classification-workbench';
import { request } from '../../../lib/api-client';
import { workbenchKeys } from './workbench.queries';

/** Records an accept/reject decision on a better suggestion (kept by the BFF). */
export function useRecordDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionRequest) =>
      request('/classification/decisions', { method: 'POST', body, schema: decisionSchema, retry: 'never' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workbenchKeys.worklist() }),
        queryClient.invalidateQueries({ queryKey: workbenchKeys.decisions() }),
      ]),
  });
}
