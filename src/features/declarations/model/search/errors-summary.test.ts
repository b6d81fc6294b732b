import { describe, expect, it } from 'vitest';
import { errorsSummary } from './errors-summary';

const error = (errorCode: string, message = `message of ${errorCode}`) => ({ errorCode, message, fieldReference: [] });

describe('errorsSummary', () => {
  it('gives the count and the first code, and every code once on hover', () => {
    expect(errorsSummary([error('V101', 'LRN missing'), error('V202'), error('V101')])).toEqual({
      text: '3 · V101',
      title: '3 errors: V101, V202. First: LRN missing',
    });
    expect(errorsSummary([error('E12')]).text).toBe('1 · E12');
  });

  it('says there are errors when the service lists none yet', () => {
    expect(errorsSummary([]).text).toBe('Has errors');
  });
});
