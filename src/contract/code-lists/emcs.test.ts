import { describe, expect, it } from 'vitest';
import { codesOf, globalConclusionsFor } from './emcs';

describe('global conclusions by direction', () => {
  it('offers receipt conclusions on an import and exit conclusions on an export', () => {
    expect(codesOf(globalConclusionsFor('IN'))).toEqual(['1', '2', '3', '4', '11']);
    expect(codesOf(globalConclusionsFor('OUT'))).toEqual(['21', '22', '23']);
  });
});
