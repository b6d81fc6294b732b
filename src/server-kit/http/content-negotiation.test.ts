import { describe, expect, it } from 'vitest';
import { negotiateMediaType } from './content-negotiation.js';

const JSON_OR_XML = ['application/json', 'application/xml', 'text/xml'] as const;
const pick = (accept: string | undefined) => negotiateMediaType(accept, JSON_OR_XML);

describe('negotiateMediaType (RFC 9110 Accept)', () => {
  it('honours weights: q=0 is "not acceptable", the highest weight wins whatever the order', () => {
    expect(pick('application/xml;q=0, application/json')).toBe('application/json');
    expect(pick('application/json;q=0.1, application/xml')).toBe('application/xml');
    expect(pick('application/json; q=0.5, application/xml; q=0.6')).toBe('application/xml');
    expect(pick('application/xml;q=0.9, application/json;q=0.95')).toBe('application/json');
  });

  it('gives each type the weight of the most specific range naming it', () => {
    expect(pick('application/*;q=0.8, application/json;q=0')).toBe('application/xml');
    expect(pick('*/*;q=0.1, application/xml;q=0.2')).toBe('application/xml');
    expect(pick('*/*, application/json;q=0')).toBe('application/xml');
    expect(pick('text/*')).toBe('text/xml');
    expect(pick('application/json;charset=utf-8;q=0, application/*')).toBe('application/xml');
  });

  it('breaks ties by the more specific range, then the order of the header, then the server order', () => {
    expect(pick('*/*, application/xml')).toBe('application/xml');
    expect(pick('application/xml, application/json')).toBe('application/xml');
    expect(pick('application/json, application/xml')).toBe('application/json');
    expect(pick('*/*')).toBe('application/json');
    expect(pick('application/*')).toBe('application/json');
  });

  it('takes the server default without a header, or with nothing readable in it', () => {
    expect(pick(undefined)).toBe('application/json');
    expect(pick('')).toBe('application/json');
    expect(pick('nonsense, ;;;')).toBe('application/json');
  });

  it('leaves out an ill-formed element (a bad weight) but reads the rest', () => {
    expect(pick('application/json;q=2, application/xml;q=0.5')).toBe('application/xml');
    expect(pick('application/json;q=abc, text/xml')).toBe('text/xml');
  });

  it('finds nothing acceptable when every offered type is ruled out or not named', () => {
    expect(pick('text/html')).toBeUndefined();
    expect(pick('application/json;q=0, application/xml;q=0, text/xml;q=0')).toBeUndefined();
    expect(pick('*/*;q=0')).toBeUndefined();
    expect(pick('image/png, text/html;q=0.9')).toBeUndefined();
  });

  it('reads names case-insensitively', () => {
    expect(pick('Application/XML;Q=0.9, APPLICATION/JSON;q=0.1')).toBe('application/xml');
  });
});
