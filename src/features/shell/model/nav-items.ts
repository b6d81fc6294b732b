import { CONSOLE_PAGES, CONSOLE_SECTIONS, mayOpenPage, type ConsoleSection } from '../../../contract/console-pages';
import type { Role } from '../../../contract/user-claims';

/** Each section's name in the shell catalog (`nav.pages.<key>`). */
const PAGE_KEYS = {
  '/my-work': 'my-work',
  '/radar': 'radar',
  '/dashboard': 'dashboard',
  '/declarations': 'declarations',
  '/review': 'review',
  '/approvals': 'approvals',
  '/classification': 'classification',
  '/tariff': 'tariff',
  '/subscriptions': 'subscriptions',
  '/movement-orders': 'movement-orders',
  '/ingestion': 'ingestion',
  '/events': 'events',
  '/notifications': 'notifications',
  '/connection': 'connection',
  '/health': 'health',
} as const satisfies Record<ConsoleSection, string>;

export const pageKey = (section: ConsoleSection) => PAGE_KEYS[section];

/** The console's sections in menu order (routes fixed by docs/architecture.md section 6). */
export const NAV_ITEMS = CONSOLE_SECTIONS.map((to) => ({ to, label: CONSOLE_PAGES[to].label, key: pageKey(to) }));

/** Only the sections the user's roles may open are listed (the route guard reads the same table). */
export function navItemsFor(roles: readonly Role[]): typeof NAV_ITEMS {
  return NAV_ITEMS.filter((item) => mayOpenPage(roles, item.to));
}
