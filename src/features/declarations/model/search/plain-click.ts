type ClickLike = Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>;

/**
 * Whether a click on a row's link is the app's to handle: a plain primary-button click opens the
 * declaration in the app; with Ctrl/Cmd, Shift or Alt, or another button, the browser's own handling
 * (new tab, new window, download) stays.
 */
export const isPlainClick = (event: ClickLike): boolean =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
