import type { Page } from '@playwright/test';

/**
 * The value of the signed-in user's stored draft of this kind (e.g. 'action-draft',
 * 'movement-order-draft'), or undefined while none is stored: journeys poll it to know a draft
 * was saved instead of waiting for the save's debounce to pass.
 */
export function storedDraft(page: Page, kind: string): Promise<unknown> {
  return page.evaluate((marker) => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('customs-console') && k.includes(marker));
    const stored = key === undefined ? null : window.localStorage.getItem(key);
    if (stored === null) return undefined;
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === 'object' && parsed !== null && 'value' in parsed ? parsed.value : undefined;
  }, `.draft.${kind}.`);
}
