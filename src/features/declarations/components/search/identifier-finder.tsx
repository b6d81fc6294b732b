import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { toggleFinder, useFinderOpen } from '../../model/search/finder-store';

const IdentifierFinderDialog = lazy(() => import('./identifier-finder-dialog'));

/**
 * Ctrl+K / Cmd+K anywhere in the console: find a declaration by any identifier. Mounted once in
 * the signed-in layout; the dialog's code comes when it is first opened, and stays mounted after
 * that so closing animates as before.
 */
export function IdentifierFinder() {
  const opened = useFinderOpen();
  const [everOpened, setEverOpened] = useState(opened);
  if (opened && !everOpened) setEverOpened(true);
  // Also from inside text fields: Ctrl+K is not a character anyone types.
  useHotkeys([['mod+K', toggleFinder]], []);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <IdentifierFinderDialog />
    </Suspense>
  );
}
