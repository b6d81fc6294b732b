import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadNamespaces, startI18n } from '../i18n/i18n';
import { followZodMessages } from '../i18n/zod-messages';

// What Mantine's components call that happy-dom lacks (Mantine's own test set-up supplies the same).
if (typeof window.matchMedia !== 'function')
  window.matchMedia = (query: string): MediaQueryList => {
    const list = new EventTarget();
    return Object.assign(list, {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
    });
  };
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
// Mantine's autosize text areas listen for web fonts loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;

// Components render in English (the full journeys' language), every catalog loaded: nothing suspends.
// Forms' zod messages follow the language as they do once a field took focus in the console.
await startI18n('en');
await followZodMessages();
await loadNamespaces('common', 'shell');

afterEach(() => {
  cleanup();
  localStorage.clear();
});
