import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

const lineSchema = z.looseObject({
  msg: z.string(),
  reqId: z.string(),
  req: z.looseObject({ method: z.string(), url: z.string(), remoteAddress: z.string() }),
  res: z.object({ statusCode: z.number() }),
  responseTime: z.number(),
});

let bff: RunningBff;
beforeAll(async () => {
  bff = await startBff({ LIVE_EVENTS: 'off' });
});
afterAll(async () => bff.close());

describe('request log', () => {
  it('writes one line per request, on completion, with method, URL, client, status, duration and request id', async () => {
    const before = bff.logs.length;
    const res = await fetch(`${bff.url}/healthz`);
    // The line is written once the response has gone out, so it may follow the response by a moment.
    await vi.waitFor(() => expect(bff.logs.length).toBeGreaterThan(before));
    const lines = bff.logs.slice(before).map((line) => lineSchema.parse(JSON.parse(line)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(lines[0]?.reqId).toBe(res.headers.get('x-request-id'));
  });
});
