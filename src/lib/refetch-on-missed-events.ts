import type { QueryClient } from '@tanstack/react-query';
import { subscribeMissedEvents } from './live-events';

/**
 * When the BFF says live events were missed (it re-created a webhook subscription that had gone),
 * every query is invalidated: what is on screen refetches at once, the rest when next shown.
 * Returns unsubscribe.
 */
export function refetchOnMissedEvents(queryClient: Pick<QueryClient, 'invalidateQueries'>): () => void {
  return subscribeMissedEvents(() => void queryClient.invalidateQueries());
}
