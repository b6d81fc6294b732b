import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../../server-kit/database/test-databases.js';
import { problemOf, startSecurityStack, type Answer, type SecurityStack } from '../test-support/security-stack.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/**
 * Issue 24: one user's burst must not starve the team. Limits per user and operation class, kept
 * in the BFF's store: a bucket of 5 that refills one token every 50 s, so nothing here depends on
 * how fast the requests go.
 */
const LIMITS = {
  BFF_RATE_LIMIT: 'on',
  BFF_RATE_LIMIT_READ: '0.02',
  BFF_RATE_LIMIT_ACT: '0.02',
  BFF_RATE_LIMIT_CONSOLE: '0.02',
  BFF_RATE_LIMIT_BURST_SECONDS: '250',
};
const CAPACITY = 5;

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack(LIMITS);
}, 60_000);
afterAll(async () => stack?.close());

const get = (url: string, path: string, token: string): Promise<Answer> =>
  fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => ({
    status: res.status,
    headers: res.headers,
    text: await res.text(),
  }));

const burst = (url: string, path: string, token: string, n: number): Promise<Answer[]> =>
  Promise.all(Array.from({ length: n }, () => get(url, path, token)));

function expectThrottled(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(problemOf(answer).status).toBe(429);
}

describe('per-user rate limit at the BFF', () => {
  it('refuses the bursting user with 429 and Retry-After while another user of the same tenant is served', async () => {
    const [a, b] = await Promise.all([stack.token({ sub: 'burst-a', roles: ['clerk'] }), stack.token({ sub: 'calm-b', roles: ['clerk'] })]);
    const [ofA, ofB] = await Promise.all([
      burst(stack.bff.url, '/api/v1/declarations/search', a, 3 * CAPACITY),
      burst(stack.bff.url, '/api/v1/declarations/search', b, CAPACITY),
    ]);
    const refused = ofA.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2 * CAPACITY - 2);
    refused.forEach(expectThrottled);
    expect(ofA.filter((r) => r.status === 200).length).toBeLessThanOrEqual(CAPACITY + 2);
    expect(ofB.map((r) => r.status)).toEqual(Array.from({ length: CAPACITY }, () => 200));
  });

  it('keeps each operation class apart, and limits the BFF’s own endpoints too', async () => {
    const token = await stack.token({ sub: 'classes', roles: ['clerk'] });
    const reads = await burst(stack.bff.url, '/api/v1/declarations/search', token, 2 * CAPACITY);
    expect(reads.some((r) => r.status === 429)).toBe(true);
    // Reads spent: the console's own endpoints still answer, up to their own limit.
    const own = await burst(stack.bff.url, '/api/events?declarationId=d-1', token, 2 * CAPACITY);
    expect(own.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(CAPACITY - 1);
    own.filter((r) => r.status === 429).forEach(expectThrottled);
    expect(own.some((r) => r.status === 429)).toBe(true);
  });

  it('spends nothing of a user’s allowance on a refused token', async () => {
    const bad = await burst(stack.bff.url, '/api/v1/declarations/search', 'not.a.token', 3 * CAPACITY);
    expect(bad.every((r) => r.status === 401)).toBe(true);
  });
});

describe.skipIf(!testEngines().includes('postgres'))('per-user rate limit across replicas', () => {
  let replicas: RunningBff[] = [];
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
  });

  it('shares one bucket per user between two replicas on one database', async () => {
    const databaseUrl = await createTestDatabase();
    replicas = await Promise.all([startBff(stack.env(), { databaseUrl }), startBff(stack.env(), { databaseUrl })]);
    const [first, second] = replicas;
    if (!first || !second) throw new Error('replicas did not start');
    const token = await stack.token({ sub: 'two-replicas', roles: ['clerk'] });
    const onFirst = await burst(first.url, '/api/v1/declarations/search', token, CAPACITY);
    expect(onFirst.map((r) => r.status)).toEqual(Array.from({ length: CAPACITY }, () => 200));
    const onSecond = await burst(second.url, '/api/v1/declarations/search', token, 3);
    expect(onSecond.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(2);
    onSecond.filter((r) => r.status === 429).forEach(expectThrottled);
  }, 60_000);
});
