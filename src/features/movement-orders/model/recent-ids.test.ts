import { describe, expect, it } from 'vitest';
import { parseRecentIds, withRecentId } from './recent-ids';

describe('recent movement order ids', () => {
  it('parses a stored list and ignores anything else', () => {
    expect(parseRecentIds(null)).toEqual([]);
    expect(parseRecentIds('not json')).toEqual([]);
    expect(parseRecentIds('{"a":1}')).toEqual([]);
    expect(parseRecentIds('["a-1","b-1"]')).toEqual(['a-1', 'b-1']);
  });

  it('puts the newest first without duplicates and caps the list', () => {
    expect(withRecentId(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(withRecentId(['a', 'b'], 'c', 2)).toEqual(['c', 'a']);
  });
});
