import { describe, expect, it } from 'vitest';
import { destinationUrlProblem, subscriptionCreateSchema, subscriptionListSchema } from './subscriptions.js';

describe('subscription contract', () => {
  it('accepts https and loopback http destinations only', () => {
    expect(destinationUrlProblem('https://hooks.example.com/x')).toBeUndefined();
    expect(destinationUrlProblem('http://localhost:8080/x')).toBeUndefined();
    expect(destinationUrlProblem('http://[::1]/x')).toBeUndefined();
    expect(destinationUrlProblem('http://127.0.0.2/x')).toContain('HTTPS');
    expect(destinationUrlProblem('https://user:pw@hooks.example.com/')).toContain('credentials');
    expect(destinationUrlProblem('/relative')).toContain('absolute');
  });

  it('reads null optional fields as absent', () => {
    const parsed = subscriptionCreateSchema.parse({
      eventType: 'DeclarationStatusChanged',
      eventSubType: null,
      subscriptionDestination: { destinationType: 'OAuthApiDestination' },
      destinationDescription: { destinationUrl: 'https://h.example.com', accessTokenUrl: null, clientId: null, additionalHeaders: null },
    });
    expect(parsed.eventSubType).toBeNull();
  });

  it('reads a list of summaries or of bare ids', () => {
    expect(subscriptionListSchema.parse(['a', { id: 'b', eventType: 'CoOPDFCreated' }])).toEqual([
      { id: 'a' },
      { id: 'b', eventType: 'CoOPDFCreated' },
    ]);
  });
});
