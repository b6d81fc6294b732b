import { describe, expect, it } from 'vitest';
import { byScore, formatCode, scorePercent } from './format-code';

describe('formatCode', () => {
  it('formats per jurisdiction', () => {
    expect(formatCode('EU', '42022190')).toBe('4202 21 90');
    expect(formatCode('UK', '4202219000')).toBe('4202 21 90 00');
    expect(formatCode('US', '8471.3001 00')).toBe('8471.30.01.00');
    expect(formatCode('CH', '42022190')).toBe('4202.2190');
  });
  it('leaves odd codes alone', () => {
    expect(formatCode('EU', '4202')).toBe('4202');
  });
});

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
