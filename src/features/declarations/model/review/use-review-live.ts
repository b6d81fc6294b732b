import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveEvents } from '../../../../lib/live-events';
import { reviewKeys } from '../../api/review.queries';

/** The BFF re-reads a declaration after its event reaches the console too: look again once it has. */
const REINDEX_GRACE_MS = 1500;

/** Counts and groups follow live events: a declaration event invalidates the desk's queries (now, and once the BFF has re-read it). */
export function useReviewLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all, predicate: (q) => q.queryKey[1] !== 'notes' });
    const unsubscribe = subscribeLiveEvents((event) => {
      if (event.eventType !== 'DeclarationStatusChanged' && event.eventType !== 'DeclarationActionFinished') return;
      refresh();
      const timer = setTimeout(() => {
        timers.delete(timer);
        refresh();
      }, REINDEX_GRACE_MS);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      for (const t of timers) clearTimeout(t);
    };
  }, [queryClient]);
}
