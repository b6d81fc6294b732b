import { describe, expect, it } from 'vitest';
import { byScore, scorePercent } from './option-score';

describe('byScore and scorePercent', () => {
  it('orders best first without mutating', () => {
    const options = [
      { code: 'a', score: 3, explanation: '' },
      { code: 'b', score: 9.5, explanation: '' },
    ];
    expect(byScore(options).map((o) => o.code)).toEqual(['b', 'a']);
    expect(options[0]?.code).toBe('a');
  });
  it('clamps the bar', () => {
    expect(scorePercent(7.5)).toBe(75);
    expect(scorePercent(12)).toBe(100);
    expect(scorePercent(-1)).toBe(0);
  });
});
