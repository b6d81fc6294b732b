import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MISSED_EVENTS_TYPE, liveMissedEventsDataSchema, LIVE_EVENT_TYPES, liveEventSchema } from '../../contract/live.js';
import { openLiveStream, type LiveStream } from '../test-support/live-stream.js';
import { problemOf, startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, hole 2: deleting the BFF's own live subscription through the API silently lost every
// event until the minute check re-created it. Now the proxy refuses with 409; when the BFF has to
// re-create one anyway (a sandbox reset), connected consoles are told they may have missed events.
let stack: SecurityStack;
const streams: LiveStream[] = [];
beforeAll(async () => {
  stack = await startSecurityStack({ LIVE_EVENTS: 'on', WEBHOOK_SECRET: 'own-subscriptions-secret-0123456789' });
  await stack.bff.live.bootstrap?.whenSynced();
});
afterAll(async () => {
  for (const s of streams) s.close();
  await stack?.close();
});

const ownIds = (): string[] => stack.bff.live.bootstrap?.state.subscriptions.map((s) => s.id) ?? [];

describe('the BFF’s own webhook subscriptions', () => {
  it('refuses to delete one through the proxy with a 409 problem naming why, audited, the subscription kept', async () => {
    const [id = ''] = ownIds();
    const res = await stack.api(`/api/v1/subscriptions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      token: await stack.token({ sub: 'sup-1', roles: ['supervisor'] }),
    });
    expect(res.status).toBe(409);
    expect(problemOf(res).detail).toMatch(/feeds the console’s live updates/);
    expect((await stack.sandbox.call(`/v1/subscriptions/${encodeURIComponent(id)}`)).status).toBe(200);
    const [row] = (await stack.audit('/v1/subscriptions/')).filter((e) => e.sub === 'sup-1');
    expect(row).toMatchObject({ method: 'DELETE', outcome: 'refused', status: 409 });
  });

  it('still passes a delete of any other subscription to the service', async () => {
    const res = await stack.api('/api/v1/subscriptions/not-one-of-the-console', {
      method: 'DELETE',
      token: await stack.token({ roles: ['supervisor'] }),
    });
    expect(res.status).toBe(404);
  });

  it('tells connected consoles they may have missed events when it re-creates subscriptions that had gone (sandbox reset)', async () => {
    const live = await openLiveStream(stack.bff.url, await stack.token({ roles: ['clerk'] }));
    streams.push(live);
    expect(live.status).toBe(200);
    const before = ownIds();
    expect((await stack.sandboxControl('/_sandbox/reset', { method: 'POST' })).status).toBeLessThan(300);
    await stack.bff.live.bootstrap?.checkNow();
    const frame = await live.waitFor((f) => f.event === LIVE_MISSED_EVENTS_TYPE, 0, 20_000);
    const envelope = liveEventSchema.parse(JSON.parse(frame.data));
    expect(liveMissedEventsDataSchema.parse(envelope.data).eventTypes.sort()).toEqual([...LIVE_EVENT_TYPES].sort());
    expect(frame.id).toBe(envelope.id);
    // Re-created: new ids, all in place again.
    expect(ownIds().filter((id) => before.includes(id))).toEqual([]);
    expect(ownIds()).toHaveLength(LIVE_EVENT_TYPES.length);
  });

  it('says nothing when a check finds everything in place', async () => {
    const live = await openLiveStream(stack.bff.url, await stack.token({ roles: ['clerk'] }));
    streams.push(live);
    await stack.bff.live.bootstrap?.checkNow();
    // A real event after the check marks the point by which a notice would have come.
    await stack.sandbox.ctx.events.publish({
      tenantId: 't-acc-001',
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Released',
      data: { id: 'd-1' },
    });
    await live.waitFor((f) => f.event === 'DeclarationStatusChanged', 0, 20_000);
    expect(live.frames.filter((f) => f.event === LIVE_MISSED_EVENTS_TYPE)).toEqual([]);
  });
});
