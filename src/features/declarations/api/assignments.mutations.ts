import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { assignmentSchema, bulkAssignResultSchema } from '../../../contract/assignments';
import { request } from '../../../lib/api-client';
import { assignmentKeys } from './assignments.queries';

const path = (declarationId: string) => `/assignments/${encodeURIComponent(declarationId)}`;

/** After any change of ownership: owners, histories and queues are read again. */
function useInvalidateAssignments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
}

/** Makes `ownerSub` the owner of one declaration (clerks: themselves only). */
export function useAssign() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: ({ declarationId, ownerSub }: { declarationId: string; ownerSub: string }) =>
      request(path(declarationId), { method: 'PUT', body: { ownerSub }, schema: z.object({ assignment: assignmentSchema.optional() }) }),
    onSettled: invalidate,
  });
}

export function useUnassign() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (declarationId: string) => request(path(declarationId), { method: 'DELETE', schema: z.unknown() }),
    onSettled: invalidate,
  });
}

/** Assigns (ownerSub) or unassigns (null) many at once; each declaration's outcome comes back. */
export function useBulkAssign() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (body: { declarationIds: string[]; ownerSub: string | null }) =>
      request('/assignments/bulk', { method: 'POST', body, schema: bulkAssignResultSchema }),
    onSettled: invalidate,
  });
}
