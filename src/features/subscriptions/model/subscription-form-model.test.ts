import { describe, expect, it } from 'vitest';
import { splitServerErrors } from '../../../lib/form-errors';
import type { Subscription } from '../../../contract/subscriptions';
import {
  emptyFormValues,
  formFieldFor,
  formValuesFrom,
  subscriptionErrorMapping,
  toCreateBody,
  validateForm,
  type SubscriptionFormValues,
} from './subscription-form-model';

const values = (over: Partial<SubscriptionFormValues>): SubscriptionFormValues => ({ ...emptyFormValues(), ...over });

describe('toCreateBody', () => {
  it('leaves blanks, OAuth fields and headers out when auth is none', () => {
    const body = toCreateBody(
      values({
        eventType: 'DeclarationStatusChanged',
        destinationUrl: 'https://h.example/x',
        clientId: 'stale',
        headers: [{ name: 'X-A', value: 'v' }],
      }),
    );
    expect(body).toEqual({
      eventType: 'DeclarationStatusChanged',
      eventSubType: undefined,
      subscriptionDestination: { destinationType: 'OAuthApiDestination' },
      destinationDescription: { destinationUrl: 'https://h.example/x' },
    });
  });

  it('sends shared-secret headers and a trimmed subtype', () => {
    const body = toCreateBody(
      values({
        eventType: 'E',
        eventSubType: ' Released ',
        destinationUrl: 'http://localhost:9/hook',
        auth: 'header',
        headers: [{ name: ' X-Secret ', value: 's3' }],
      }),
    );
    expect(body.eventSubType).toBe('Released');
    expect(body.destinationDescription).toEqual({
      destinationUrl: 'http://localhost:9/hook',
      additionalHeaders: [{ name: 'X-Secret', value: 's3' }],
    });
  });

  it('sends OAuth fields, optional ones only when filled', () => {
    const body = toCreateBody(
      values({
        eventType: 'E',
        destinationUrl: 'https://h.example',
        auth: 'oauth',
        accessTokenUrl: 'https://idp.example/token',
        clientId: 'c',
        clientSecret: 's',
        scope: '',
      }),
    );
    expect(body.destinationDescription).toEqual({
      destinationUrl: 'https://h.example',
      accessTokenUrl: 'https://idp.example/token',
      clientId: 'c',
      clientSecret: 's',
      scope: undefined,
      audience: undefined,
    });
  });
});

describe('validateForm (the contract create schema, on form fields)', () => {
  it('accepts a valid header subscription', () => {
    const r = validateForm(
      values({
        eventType: 'DeclarationStatusChanged',
        destinationUrl: 'http://localhost:9/hook',
        auth: 'header',
        headers: [{ name: 'X-Secret', value: 's' }],
      }),
    );
    expect(r.errors).toEqual({});
    expect(r.body?.destinationDescription.additionalHeaders).toEqual([{ name: 'X-Secret', value: 's' }]);
  });

  it('puts contract rules on the fields', () => {
    const r = validateForm(
      values({
        destinationUrl: 'http://hooks.example.com',
        auth: 'oauth',
        accessTokenUrl: 'https://idp.example/t',
        headers: [
          { name: 'Authorization', value: 'x' },
          { name: 'Content-Type', value: 'y' },
        ],
      }),
    );
    expect(r.body).toBeUndefined();
    expect(Object.keys(r.errors).sort()).toEqual([
      'clientId',
      'clientSecret',
      'destinationUrl',
      'eventType',
      'headers.0.name',
      'headers.1.name',
    ]);
    expect(r.errors.destinationUrl).toMatch(/HTTPS/);
  });

  it('asks for a header when the shared-header method has none', () => {
    const r = validateForm(values({ eventType: 'E', destinationUrl: 'https://h.example', auth: 'header' }));
    expect(r.errors).toEqual({ 'headers.root': expect.stringMatching(/at least one header/) as unknown });
  });
});

describe('formFieldFor and splitServerErrors', () => {
  it('maps body paths to form controls', () => {
    expect(formFieldFor('eventType')).toBe('eventType');
    expect(formFieldFor('destinationDescription.destinationUrl')).toBe('destinationUrl');
    expect(formFieldFor('destinationDescription.additionalHeaders.1.name')).toBe('headers.1.name');
    expect(formFieldFor('destinationDescription.additionalHeaders[0].value')).toBe('headers.0.value');
    expect(formFieldFor('subscriptionDestination.destinationType')).toBeUndefined();
    expect(formFieldFor('destinationDescription.eventType')).toBeUndefined();
  });

  it('orders field errors as the form does and keeps the rest general', () => {
    const split = splitServerErrors(
      {
        'destinationDescription.additionalHeaders.0.value': ['must not contain line breaks'],
        eventType: ['did you mean DeclarationStatusChanged?'],
        'subscriptionDestination.destinationType': ['must be OAuthApiDestination'],
        'destinationDescription.destinationUrl': ['must use HTTPS'],
      },
      subscriptionErrorMapping,
    );
    expect(split.onFields.map((f) => f.field)).toEqual(['eventType', 'destinationUrl', 'headers.0.value']);
    expect(split.general).toEqual(['subscriptionDestination.destinationType: must be OAuthApiDestination']);
  });
});

describe('formValuesFrom (guided replace prefill)', () => {
  const subscription = (d: Partial<Subscription['destinationDescription']>): Subscription => ({
    id: 's1',
    eventType: 'DeclarationStatusChanged',
    eventSubType: 'Released',
    subscriptionDestination: { destinationType: 'OAuthApiDestination' },
    destinationDescription: { destinationUrl: 'https://h.example', ...d },
  });

  it('never prefills masked secrets', () => {
    const v = formValuesFrom(
      subscription({
        accessTokenUrl: 'https://idp.example/t',
        clientId: 'c',
        clientSecret: '********',
        additionalHeaders: [{ name: 'X-A', value: '********' }],
      }),
    );
    expect(v).toMatchObject({
      auth: 'oauth',
      clientId: 'c',
      clientSecret: '',
      eventSubType: 'Released',
      headers: [{ name: 'X-A', value: '' }],
    });
  });

  it('reads a header-only destination as the shared-header method', () => {
    expect(formValuesFrom(subscription({ additionalHeaders: [{ name: 'X-S', value: '********' }] })).auth).toBe('header');
    expect(formValuesFrom(subscription({})).auth).toBe('none');
  });
});
