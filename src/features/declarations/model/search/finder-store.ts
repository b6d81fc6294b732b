import { useSyncExternalStore } from 'react';

/**
 * Open state of the identifier finder: the modal is mounted once in the signed-in layout and
 * opened from anywhere (Ctrl+K, the button on the declarations page).
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openFinder = (): void => set(true);
export const closeFinder = (): void => set(false);
export const toggleFinder = (): void => set(!open);

export function useFinderOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
