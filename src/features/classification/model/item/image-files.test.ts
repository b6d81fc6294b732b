import { describe, expect, it } from 'vitest';
import { fileProblem, groupImages, uploadContentType, bytesToBase64 } from './image-files';

describe('fileProblem', () => {
  it('accepts the documented types up to 10 MB', () => {
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 100 })).toBeUndefined();
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 })).toBeUndefined();
    expect(fileProblem({ name: 'a.bmp', type: '', size: 5 })).toBeUndefined();
  });
  it('refuses other types, empty and oversized files', () => {
    expect(fileProblem({ name: 'a.tiff', type: 'image/tiff', size: 5 })).toMatchObject({ kind: 'notAccepted', name: 'a.tiff' });
    expect(fileProblem({ name: 'a.svg', type: 'image/svg+xml', size: 5 })).toMatchObject({ kind: 'notAccepted', name: 'a.svg' });
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 0 })).toEqual({ kind: 'empty', name: 'a.png' });
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toMatchObject({
      kind: 'tooLarge',
      name: 'a.png',
    });
  });
});

describe('uploadContentType', () => {
  it('uses the browser type, then the extension, then octet-stream', () => {
    expect(uploadContentType({ name: 'x.jpg', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(uploadContentType({ name: 'x.jpg', type: 'image/jpg' })).toBe('image/jpeg');
    expect(uploadContentType({ name: 'x.PDF', type: '' })).toBe('application/pdf');
    expect(uploadContentType({ name: 'x', type: '' })).toBe('application/octet-stream');
  });
});

describe('groupImages', () => {
  it('groups PDF pages under their file in page order and keeps other images alone', () => {
    const groups = groupImages([
      { imageId: '1', fileName: 'photo.png' },
      { imageId: '3', fileName: 'spec.pdf (page 2)' },
      { imageId: '2', fileName: 'spec.pdf (page 1)' },
      { imageId: '4', fileName: 'photo.png' },
      { imageId: '5' },
    ]);
    expect(groups.map((g) => [g.name, g.images.map((i) => i.imageId)])).toEqual([
      ['photo.png', ['1']],
      ['spec.pdf', ['2', '3']],
      ['photo.png', ['4']],
      ['5', ['5']],
    ]);
    expect(groups[1]?.images[0]?.page).toBe(1);
  });
});

describe('bytesToBase64', () => {
  it('encodes as RFC 4648 base64, also beyond one chunk', () => {
    expect(bytesToBase64(new TextEncoder().encode('Man'))).toBe('TWFu');
    const big = new Uint8Array(100_000).fill(65);
    expect(atob(bytesToBase64(big))).toHaveLength(100_000);
  });
});
