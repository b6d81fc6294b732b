import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveEvent } from '../../../contract/live';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { matchesFilters, type EventsSearch } from './event-filters';

const KEEP = 500;

/**
 * Events that arrived live since the page opened (or its filters changed) and match the filters,
 * newest first. `onArrive` is told of each, for the "n new" marker.
 */
export function useLiveRows(filters: EventsSearch, onArrive: () => void): LiveEvent[] {
  const key = JSON.stringify(filters);
  const [live, setLive] = useState<{ key: string; events: LiveEvent[] }>({ key, events: [] });
  const arrived = useEffectEvent((event: LiveEvent) => {
    if (!matchesFilters(event, filters)) return;
    setLive((prev) => ({ key, events: [event, ...(prev.key === key ? prev.events : [])].slice(0, KEEP) }));
    onArrive();
  });
  useEffect(() => subscribeLiveEvents(arrived), []);
  return live.key === key ? live.events : [];
}
