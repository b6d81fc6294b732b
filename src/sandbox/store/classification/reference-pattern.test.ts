import { describe, expect, it } from 'vitest';
import { parseReferencePattern } from './reference-pattern.js';

describe('externalReference patterns', () => {
  it('reads * at the start, the end or both as a wildcard and any other character literally', () => {
    expect(parseReferencePattern('SKU-1')).toEqual({ kind: 'exact', text: 'SKU-1' });
    expect(parseReferencePattern('SKU*')).toEqual({ kind: 'prefix', text: 'SKU' });
    expect(parseReferencePattern('*123')).toEqual({ kind: 'suffix', text: '123' });
    expect(parseReferencePattern('*%_*')).toEqual({ kind: 'contains', text: '%_' });
    expect(parseReferencePattern('A*B')).toEqual({ kind: 'exact', text: 'A*B' });
    expect(parseReferencePattern('*A*B*')).toEqual({ kind: 'contains', text: 'A*B' });
    expect(parseReferencePattern('*')).toEqual({ kind: 'any' });
    expect(parseReferencePattern('**')).toEqual({ kind: 'any' });
  });
});
