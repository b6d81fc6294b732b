import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../contract/subscriptions';
import { liveDestinationUrl, sortRows, toRow } from './subscription-rows';

const ORIGIN = 'http://localhost:8191';

const detail = (over: Partial<Subscription['destinationDescription']>, eventSubType?: string): Subscription => ({
  id: 'a',
  eventType: 'DeclarationStatusChanged',
  eventSubType,
  subscriptionDestination: { destinationType: 'OAuthApiDestination' },
  destinationDescription: { destinationUrl: 'https://h.example/x', ...over },
});

describe('toRow', () => {
  it('uses the list summary until the details arrive', () => {
    const row = toRow({ id: 'a', eventType: 'CoOPDFCreated', eventSubType: 'CertificateOfOrigin' }, undefined, ORIGIN);
    expect(row).toMatchObject({
      id: 'a',
      eventType: 'CoOPDFCreated',
      eventSubType: 'CertificateOfOrigin',
      destinationUrl: undefined,
      auth: undefined,
      live: false,
    });
  });

  it('copes with a bare-id list', () => {
    expect(toRow({ id: 'a' }, undefined, ORIGIN)).toMatchObject({ id: 'a', eventType: undefined, eventSubType: undefined });
  });

  it('derives the auth method and header names from the details', () => {
    expect(
      toRow({ id: 'a' }, detail({ accessTokenUrl: 'https://idp/t', additionalHeaders: [{ name: 'X-A', value: '********' }] }), ORIGIN),
    ).toMatchObject({ auth: 'oauth', headerNames: ['X-A'] });
    expect(toRow({ id: 'a' }, detail({ additionalHeaders: [{ name: 'X-S', value: '********' }] }), ORIGIN).auth).toBe('header');
    expect(toRow({ id: 'a' }, detail({ additionalHeaders: null }), ORIGIN)).toMatchObject({
      auth: 'none',
      headerNames: [],
      eventSubType: undefined,
    });
  });

  it("marks the console's own live-updates subscription", () => {
    expect(liveDestinationUrl(`${ORIGIN}/`)).toBe(`${ORIGIN}/webhooks/customs`);
    expect(toRow({ id: 'a' }, detail({ destinationUrl: `${ORIGIN}/webhooks/customs` }), ORIGIN).live).toBe(true);
    expect(toRow({ id: 'a' }, detail({ destinationUrl: 'http://localhost:9999/webhooks/customs' }), ORIGIN).live).toBe(false);
  });
});

describe('sortRows', () => {
  it('orders by type, then subtype with "all" first, then destination', () => {
    const rows = [
      toRow({ id: '1' }, detail({}, 'Released'), ORIGIN),
      toRow({ id: '2' }, { ...detail({}), eventType: 'CoOPDFCreated' }, ORIGIN),
      toRow({ id: '3' }, detail({}), ORIGIN),
      toRow({ id: '4' }, undefined, ORIGIN),
    ];
    expect(sortRows(rows).map((r) => r.id)).toEqual(['2', '3', '1', '4']);
  });
});
