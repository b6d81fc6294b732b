/** Zoom steps of the image viewer: 50 % to 400 %. */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;
const ZOOM_STEP = 0.25;

export const zoomIn = (zoom: number): number => Math.min(ZOOM_MAX, zoom + ZOOM_STEP);
export const zoomOut = (zoom: number): number => Math.max(ZOOM_MIN, zoom - ZOOM_STEP);

/** The next image index for an arrow key, wrapping around; undefined for other keys. */
export function indexForKey(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
