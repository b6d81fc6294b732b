import { describe, expect, it } from 'vitest';
import { FEATURES } from './app.js';
import { checkFeatureOrder, FeatureOrderError } from './feature-order.js';

describe('sandbox feature order', () => {
  it("accepts the sandbox's own list, in which parts declare what they need", () => {
    expect(() => checkFeatureOrder(FEATURES)).not.toThrow();
    expect(FEATURES.some((f) => (f.after ?? []).length > 0)).toBe(true);
  });

  it('accepts a part listed after the parts it needs', () => {
    expect(() => checkFeatureOrder([{ name: 'declarations' }, { name: 'declaration-actions', after: ['declarations'] }])).not.toThrow();
  });

  it('refuses a part listed before a part it needs, naming both', () => {
    expect(() => checkFeatureOrder([{ name: 'declaration-actions', after: ['declarations'] }, { name: 'declarations' }])).toThrow(
      new FeatureOrderError(
        'sandbox feature "declaration-actions" is listed before "declarations"; it needs "declarations" registered first',
      ),
    );
  });

  it('refuses a part that needs one not listed at all, and a part listed twice', () => {
    expect(() => checkFeatureOrder([{ name: 'ftps', after: ['ingestion'] }])).toThrow(/"ftps" needs "ingestion", which is not among/);
    expect(() => checkFeatureOrder([{ name: 'ftps' }, { name: 'ftps' }])).toThrow(/"ftps" is listed twice/);
  });
});
