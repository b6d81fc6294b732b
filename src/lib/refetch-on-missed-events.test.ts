import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_MISSED_EVENTS_TYPE } from '../contract/live';
import { connectLiveEvents, subscribeLiveEvents } from './live-events';
import { refetchOnMissedEvents } from './refetch-on-missed-events';

const sse = (frames: string[]): Response =>
  new Response(frames.join(''), { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
const envelope = (id: string, eventType: string) =>
  JSON.stringify({
    id,
    tenantId: '',
    eventTime: '2026-01-01T00:00:00Z',
    eventType,
    eventSubType: null,
    data: { eventTypes: ['DeclarationStatusChanged'], detail: 'missed' },
  });

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

describe('refetchOnMissedEvents', () => {
  it('refetches the queries on screen when the BFF says live events were missed, and hands the notice to no feature', async () => {
    const client = new QueryClient();
    let fetches = 0;
    const observer = new QueryObserver(client, { queryKey: ['declarations', 'search'], queryFn: async () => ++fetches });
    cleanup.push(observer.subscribe(() => undefined));
    await expect.poll(() => fetches).toBe(1);
    const featureEvents: string[] = [];
    cleanup.push(subscribeLiveEvents((e) => featureEvents.push(e.eventType)));
    cleanup.push(refetchOnMissedEvents(client));
    let calls = 0;
    cleanup.push(
      connectLiveEvents({
        getAccessToken: async () => 't',
        fetch: async () =>
          ++calls === 1
            ? sse([`id: m1\nevent: ${LIVE_MISSED_EVENTS_TYPE}\ndata: ${envelope('m1', LIVE_MISSED_EVENTS_TYPE)}\n\n`])
            : new Promise<Response>(() => undefined),
        initialDelayMs: 1,
      }),
    );
    await expect.poll(() => fetches).toBe(2);
    expect(featureEvents).toEqual([]);
  });
});
