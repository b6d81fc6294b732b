import { describe, expect, it } from 'vitest';
import { classificationSearchParamsSchema, offsetOfLink, toServiceQuery } from './search-params';

describe('classificationSearchParamsSchema', () => {
  it('drops bad values instead of failing', () => {
    expect(
      classificationSearchParamsSchema.parse({ createdFrom: '2026-13', offset: -5, betterSuggestion: 'yes', externalReference: '  ' }),
    ).toEqual({ createdFrom: undefined, offset: undefined, betterSuggestion: undefined, externalReference: undefined });
  });
  it('keeps good values', () => {
    expect(classificationSearchParamsSchema.parse({ externalReference: ' SKU-* ', betterSuggestion: true, offset: '50' })).toMatchObject({
      externalReference: 'SKU-*',
      betterSuggestion: true,
      offset: 50,
    });
  });
});

describe('toServiceQuery', () => {
  it('turns days into inclusive instants and the toggle into true only', () => {
    expect(
      toServiceQuery({ externalReference: '*mug*', createdFrom: '2026-01-01', createdTo: '2026-01-31', betterSuggestion: false }),
    ).toEqual({
      externalReference: '*mug*',
      creationDateFrom: '2026-01-01T00:00:00.000Z',
      creationDateTo: '2026-01-31T23:59:59.999Z',
      lastUpdatedFrom: undefined,
      lastUpdatedTo: undefined,
      hasBetterSuggestion: undefined,
      offset: 0,
      limit: 50,
    });
    expect(toServiceQuery({ betterSuggestion: true, offset: 100 })).toMatchObject({ hasBetterSuggestion: 'true', offset: 100 });
  });
});

describe('offsetOfLink', () => {
  it('reads the offset of a path link', () => {
    expect(offsetOfLink('/v1/classifications/items/search?externalReference=SKU-*&offset=50&limit=50')).toBe(50);
    expect(offsetOfLink('/v1/classifications/items/search?limit=50')).toBe(0);
  });
  it('is undefined without a link or with a bad offset', () => {
    expect(offsetOfLink(null)).toBeUndefined();
    expect(offsetOfLink('/x?offset=abc')).toBeUndefined();
  });
});
