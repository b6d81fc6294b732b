import { describe, expect, it } from 'vitest';
import { TermExpander } from './term-expansion.js';

describe('TermExpander', () => {
  const expander = new TermExpander(new Set(['dish', 'washer', 'clip', 'absinth', 'machine', 'knife']));

  it('splits a run-together compound into the words the index holds', () => {
    expect(expander.expand('dishwasher').map((e) => e.term)).toEqual(['washer', 'dish']);
    expect(expander.expand('circlip').map((e) => e.term)).toEqual(['clip']);
  });

  it('reads a misspelt or lengthened word as the nearest known spelling, at a lower weight', () => {
    const [nearest] = expander.expand('absinthe');
    expect(nearest?.term).toBe('absinth');
    expect(nearest?.weight).toBeGreaterThan(0);
    expect(nearest?.weight).toBeLessThan(1);
  });

  it('leaves known, short and unrelated words alone', () => {
    expect(expander.expand('machine')).toEqual([]);
    expect(expander.expand('cat')).toEqual([]);
    expect(expander.expand('zebra')).toEqual([]);
    // Sharing only the tail is another word, not a misspelling.
    expect(expander.expand('bknife')).toEqual([]);
  });
});
