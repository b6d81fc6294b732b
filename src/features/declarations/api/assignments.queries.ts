import { queryOptions } from '@tanstack/react-query';
import { assignmentHistorySchema, assignmentListSchema, meSchema } from '../../../contract/assignments';
import { workQueueSchema } from '../../../contract/work-queue';
import { request } from '../../../lib/api-client';

/** Work ownership, the BFF's own endpoints (/api/assignments, /api/people, /api/my-work, /api/work-queue; src/contract/assignments.ts). */
export const assignmentKeys = {
  all: ['assignments'] as const,
  forDeclarations: (declarationIds: readonly string[]) => [...assignmentKeys.all, 'declarations', [...declarationIds].sort()] as const,
  history: (declarationId: string) => [...assignmentKeys.all, 'history', declarationId] as const,
  work: () => [...assignmentKeys.all, 'work'] as const,
  myWork: () => [...assignmentKeys.work(), 'mine'] as const,
  team: () => [...assignmentKeys.work(), 'team'] as const,
  me: () => ['people', 'me'] as const,
};

export const assignmentsQueryOptions = (declarationIds: readonly string[]) =>
  queryOptions({
    queryKey: assignmentKeys.forDeclarations(declarationIds),
    queryFn: ({ signal }) =>
      request('/assignments', { query: { declarationId: [...declarationIds] }, schema: assignmentListSchema, signal }),
    select: (data) => new Map(data.assignments.map((a) => [a.declarationId, a])),
    enabled: declarationIds.length > 0,
  });

export const assignmentHistoryQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: assignmentKeys.history(declarationId),
    queryFn: ({ signal }) =>
      request(`/assignments/${encodeURIComponent(declarationId)}/history`, { schema: assignmentHistorySchema, signal }),
    select: (data) => data.changes,
  });

export const meQueryOptions = () =>
  queryOptions({
    queryKey: assignmentKeys.me(),
    queryFn: ({ signal }) => request('/people/me', { schema: meSchema, signal }),
    staleTime: Infinity,
  });

export const myWorkQueryOptions = () =>
  queryOptions({ queryKey: assignmentKeys.myWork(), queryFn: ({ signal }) => request('/my-work', { schema: workQueueSchema, signal }) });

export const teamWorkQueryOptions = () =>
  queryOptions({ queryKey: assignmentKeys.team(), queryFn: ({ signal }) => request('/work-queue', { schema: workQueueSchema, signal }) });
