import { queryOptions } from '@tanstack/react-query';
import { peopleListSchema } from '../contract/assignments';
import { request } from './api-client';

/** GET /api/people: who the console has seen sign in. Owners are picked from them (assignments, the Owner filters). */
export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: ['people'] as const,
    queryFn: ({ signal }) => request('/people', { schema: peopleListSchema, signal }),
    select: (data) => data.people,
    staleTime: 60_000,
  });
