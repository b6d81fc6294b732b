import { describe, expect, it } from 'vitest';
import { editValuesOf, toMergePatch } from './merge-patch';

const before = editValuesOf({ externalReference: 'SKU-1', description: 'Mug', origin: 'DE' });

describe('toMergePatch', () => {
  it('is empty when nothing changed', () => {
    expect(toMergePatch(before, { ...before, description: ' Mug ' })).toEqual({});
  });
  it('sends only the changed fields', () => {
    expect(toMergePatch(before, { ...before, description: 'Ceramic mug' })).toEqual({ description: 'Ceramic mug' });
    expect(toMergePatch(before, { ...before, externalReference: 'SKU-2 ' })).toEqual({ externalReference: 'SKU-2' });
  });
  it('clears origin and description with null', () => {
    expect(toMergePatch(before, { ...before, origin: '', description: '' })).toEqual({ origin: null, description: null });
  });
  it('reads absent fields as empty', () => {
    expect(editValuesOf({ externalReference: 'X', description: null, origin: undefined })).toEqual({
      externalReference: 'X',
      description: '',
      origin: '',
    });
  });
});
