import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_END_EVENT, LIVE_STREAMS_PER_USER, liveStreamEndSchema } from '../../contract/live.js';
import { openLiveStream, type LiveStream } from '../test-support/live-stream.js';
import { problemOf, startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, hole 6: a live stream kept delivering after its access token expired, and one user
// could open any number of streams. Now a stream ends at the token's expiry with a last frame
// saying why, and a user has at most LIVE_STREAMS_PER_USER streams open.
let stack: SecurityStack;
const streams: LiveStream[] = [];
beforeAll(async () => {
  stack = await startSecurityStack({ LIVE_EVENTS: 'on', WEBHOOK_SECRET: 'live-limits-secret-0123456789' });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await stack?.close();
});

const open = async (token: string): Promise<LiveStream> => {
  const s = await openLiveStream(stack.bff.url, token);
  streams.push(s);
  return s;
};

describe('live streams', () => {
  it('ends a stream when its access token expires, with a last frame telling the console why', async () => {
    const live = await open(await stack.token({ sub: 'short-lived', expiresIn: 2 }));
    expect(live.status).toBe(200);
    const frame = await live.waitFor((f) => f.event === LIVE_STREAM_END_EVENT, 0, 15_000);
    expect(liveStreamEndSchema.parse(JSON.parse(frame.data)).reason).toBe('token-expired');
    expect(frame.id).toBeUndefined();
    await expect.poll(() => stack.bff.live.hub.openBy('short-lived'), { timeout: 5_000 }).toBe(0);
  });

  it(`lets one user open ${LIVE_STREAMS_PER_USER} streams, refuses one more with a 429 problem, and allows it again once one closes`, async () => {
    const token = await stack.token({ sub: 'many-tabs' });
    const opened = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_USER }, () => open(token)));
    expect(opened.map((s) => s.status)).toEqual(Array.from({ length: LIVE_STREAMS_PER_USER }, () => 200));
    const refused = await stack.api('/api/live', { token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(problemOf(refused).detail).toMatch(/live-update streams open/);
    // Someone else is not affected.
    expect((await open(await stack.token({ sub: 'other-user' }))).status).toBe(200);
    opened[0]?.close();
    await expect.poll(() => stack.bff.live.hub.openBy('many-tabs'), { timeout: 5_000 }).toBe(LIVE_STREAMS_PER_USER - 1);
    expect((await open(token)).status).toBe(200);
  });
});
