import { describe, expect, it } from 'vitest';
import { indexForKey, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from './image-viewer-model';

describe('image viewer model', () => {
  it('moves between images with the arrow keys, wrapping around, and jumps with Home and End', () => {
    expect(indexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(indexForKey('ArrowRight', 2, 3)).toBe(0);
    expect(indexForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(indexForKey('Home', 2, 3)).toBe(0);
    expect(indexForKey('End', 0, 3)).toBe(2);
    expect(indexForKey('Enter', 0, 3)).toBeUndefined();
    expect(indexForKey('ArrowRight', 0, 0)).toBeUndefined();
  });

  it('zooms in steps within bounds', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(ZOOM_MAX)).toBe(ZOOM_MAX);
    expect(zoomOut(ZOOM_MIN)).toBe(ZOOM_MIN);
  });
});
