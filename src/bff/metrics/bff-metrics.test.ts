import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Integration test (docs/architecture.md section 7): the real BFF in front of the real sandbox.
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { parseBffConfig } from '../config.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

const SECRET = 'metrics-test-webhook-secret-0123456789';
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
    LIVE_EVENTS: 'on',
    WEBHOOK_SECRET: SECRET,
    METRICS_PORT: '0',
  });
}, 60_000);

afterAll(async () => {
  await bff?.close();
  await Promise.all([sandbox?.close(), idp?.close()]);
});

describe('metrics', () => {
  it('serves the Prometheus families on their own loopback port: requests by operation and status, token requests, upstream calls, events, live streams, alerts, the database pool', async () => {
    const clerk = await idp.token({ roles: ['clerk'] });
    expect((await fetch(`${bff.url}/api/v1/authorizationStatus`, { headers: { authorization: `Bearer ${clerk}` } })).status).toBe(200);
    const event = {
      id: 'metrics-1',
      tenantId: 't-acc-001',
      eventTime: new Date().toISOString(),
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Released',
      data: { id: 'd-m' },
    };
    for (let i = 0; i < 2; i++) {
      await fetch(`${bff.url}/webhooks/customs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
        body: JSON.stringify(event),
      });
    }
    const url = bff.metricsUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(url ?? '');
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/bff_http_request_duration_seconds_count\{operation="GET \/api\/v1\/\*",status="200"\} 1/);
    expect(text).toMatch(/bff_service_token_requests_total\{outcome="ok"\} \d+/);
    expect(text).toContain('bff_webhook_events_total{result="stored"} 1');
    expect(text).toContain('bff_webhook_events_total{result="duplicate"} 1');
    expect(text).toContain('bff_live_streams 0');
    expect(text).toContain('# TYPE bff_alert_deliveries_total counter');
    expect(text).toContain('bff_process_cpu_seconds_total');
    // Calls to the service by operation and status, timed.
    expect(text).toMatch(/bff_upstream_request_duration_seconds_count\{operation="GET \/v1\/authorizationStatus",status="200"\} 1/);
    // The PostgreSQL pool by state (SQLite has no pool: the family is there, without values).
    expect(text).toContain('# TYPE bff_database_pool_connections gauge');
    if (bff.store.engine === 'postgres') {
      expect(text).toMatch(/bff_database_pool_connections\{state="total"\} [1-9]/);
      expect(text).toMatch(/bff_database_pool_connections\{state="waiting"\} \d+/);
    }
    // Not on the console's port.
    expect(await (await fetch(`${bff.url}/metrics`)).text()).not.toContain('bff_http_request_duration_seconds');
  });

  it('is off unless METRICS_PORT is set, and loopback unless METRICS_HOST says otherwise', () => {
    expect(parseBffConfig({}).metrics).toBeUndefined();
    expect(parseBffConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(() => parseBffConfig({ METRICS_PORT: 'abc' })).toThrow(/^Invalid BFF configuration: METRICS_PORT/);
  });
});
