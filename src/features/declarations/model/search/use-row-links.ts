import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';
import { isPlainClick } from './plain-click';

type BodyEvent = MouseEvent<HTMLTableSectionElement> | FocusEvent<HTMLTableSectionElement> | TouchEvent<HTMLTableSectionElement>;

const rowLinkOf = (event: BodyEvent): HTMLAnchorElement | null =>
  event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-row-link]') : null;
const rowIdOf = (element: Element): string | undefined => element.closest<HTMLElement>('tr[data-declaration-id]')?.dataset.declarationId;

/** Text a clerk copies (MRN, ARC, references): marked `data-identifier` by the columns. */
const onIdentifier = (event: MouseEvent<HTMLTableSectionElement>): boolean =>
  event.target instanceof Element && event.target.closest('[data-identifier]') !== null;
/** How long a click on an identifier waits for a second click: a double click selects the identifier to copy it. */
const DOUBLE_CLICK_MS = 350;

/** A click anywhere on a row opens it, except on its other controls, with a modifier (the browser opens the link in a new tab), or while selecting text to copy. */
function clickedRowId(event: MouseEvent<HTMLTableSectionElement>): string | undefined {
  if (!isPlainClick(event)) return undefined;
  if (!(event.target instanceof Element)) return undefined;
  if (rowLinkOf(event)) return rowIdOf(event.target);
  if (event.target.closest('a, button, input') || window.getSelection()?.toString()) return undefined;
  return rowIdOf(event.target);
}

/**
 * The rows' links (plain `<a data-row-link>`) with what the router's Link adds, delegated to the table body:
 * a Link per row (its own router subscription and hooks) was most of the cost of rendering a
 * hundred rows and of every navigation while they are shown. Returns the href of a declaration and
 * the body's handlers: a click opens the row in the app, hover and focus preload it after the
 * router's preload delay (as Link's "intent" preloading), touch preloads at once.
 */
export function useRowLinks() {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const opening = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(
    () => () => {
      cancel();
      clearTimeout(opening.current);
    },
    [cancel],
  );

  const hrefOf = useCallback(
    (declarationId: string) => router.buildLocation({ to: '/declarations/$declarationId', params: { declarationId } }).href,
    [router],
  );
  const preload = useCallback(
    (declarationId: string) =>
      void router.preloadRoute({ to: '/declarations/$declarationId', params: { declarationId } }).catch(() => undefined),
    [router],
  );
  const onIntent = useCallback(
    (event: BodyEvent) => {
      const link = rowLinkOf(event);
      const declarationId = link && rowIdOf(link);
      if (!declarationId) return;
      cancel();
      timer.current = setTimeout(() => preload(declarationId), router.options.defaultPreloadDelay ?? 0);
    },
    [cancel, preload, router],
  );
  const onLeave = useCallback(
    (event: BodyEvent) => {
      if (rowLinkOf(event)) cancel();
    },
    [cancel],
  );
  const onTouchStart = useCallback(
    (event: TouchEvent<HTMLTableSectionElement>) => {
      const link = rowLinkOf(event);
      const declarationId = link && rowIdOf(link);
      if (declarationId) preload(declarationId);
    },
    [preload],
  );
  const onClick = useCallback(
    (event: MouseEvent<HTMLTableSectionElement>) => {
      // The second click of a double click selects a word: it never opens the row, and stops the first from doing so.
      clearTimeout(opening.current);
      if (event.detail > 1 && !rowLinkOf(event)) return;
      const declarationId = clickedRowId(event);
      if (!declarationId) return;
      event.preventDefault(); // on the row's link: the router opens it without reloading the page
      cancel();
      const open = () => void router.navigate({ to: '/declarations/$declarationId', params: { declarationId } });
      if (!rowLinkOf(event) && onIdentifier(event)) {
        opening.current = setTimeout(() => {
          if (!window.getSelection()?.toString()) open();
        }, DOUBLE_CLICK_MS);
      } else open();
    },
    [cancel, router],
  );
  return {
    hrefOf,
    bodyHandlers: { onClick, onMouseOver: onIntent, onFocus: onIntent, onMouseOut: onLeave, onBlur: onLeave, onTouchStart },
  };
}
