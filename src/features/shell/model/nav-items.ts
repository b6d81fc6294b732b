import { CONSOLE_PAGES, CONSOLE_SECTIONS, mayOpenPage } from '../../../contract/console-pages';
import type { Role } from '../../../contract/user-claims';

/** The console's sections in menu order (routes fixed by docs/architecture.md section 6). */
export const NAV_ITEMS = CONSOLE_SECTIONS.map((to) => ({ to, label: CONSOLE_PAGES[to].label }));

/** Only the sections the user's roles may open are listed (the route guard reads the same table). */
export function navItemsFor(roles: readonly Role[]): typeof NAV_ITEMS {
  return NAV_ITEMS.filter((item) => mayOpenPage(roles, item.to));
}
