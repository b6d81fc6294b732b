import { POLICY } from './operations.js';
import type { Role } from './user-claims.js';

/**
 * THE table of the console's sections and the roles that may open them: the navigation lists a
 * section for these roles only and the route guard shows the others a "not for your role" page
 * before anything is loaded. Each section is open to the roles of the operation its page cannot
 * work without, so it follows the policy table rather than repeating it.
 */
export const CONSOLE_PAGES = {
  '/my-work': { label: 'My work', roles: POLICY['GET /api/my-work'] },
  '/radar': { label: 'Radar', roles: POLICY['GET /api/radar'] },
  '/dashboard': { label: 'Dashboard', roles: POLICY['GET /api/dashboard'] },
  '/declarations': { label: 'Declarations', roles: POLICY['GET /v1/declarations/search'] },
  '/review': { label: 'Review desk', roles: POLICY['GET /api/review'] },
  '/approvals': { label: 'Approvals', roles: POLICY['GET /api/approvals'] },
  '/classification': { label: 'Classification', roles: POLICY['GET /v1/classifications/items/search'] },
  '/tariff': { label: 'Tariff', roles: POLICY['GET /api/tariff/search'] },
  '/subscriptions': { label: 'Subscriptions', roles: POLICY['GET /v1/subscriptions'] },
  '/movement-orders': { label: 'Movement orders', roles: POLICY['GET /api/movement-orders'] },
  '/ingestion': { label: 'Ingestion', roles: POLICY['POST /v1/customsshipments'] },
  '/events': { label: 'Events', roles: POLICY['GET /api/events/log'] },
  '/notifications': { label: 'Notifications', roles: POLICY['GET /api/notifications'] },
  '/connection': { label: 'Connection', roles: POLICY['GET /v1/authorizationStatus'] },
  '/health': { label: 'Health', roles: POLICY['GET /api/health'] },
} as const satisfies Record<`/${string}`, { label: string; roles: readonly Role[] }>;

export type ConsoleSection = keyof typeof CONSOLE_PAGES;
export const CONSOLE_SECTIONS = Object.keys(CONSOLE_PAGES).filter((s): s is ConsoleSection => s in CONSOLE_PAGES);

/** The section a path belongs to (`/movement-orders/new` → `/movement-orders`); undefined for pages outside the sections. */
export function sectionOf(pathname: string): ConsoleSection | undefined {
  return CONSOLE_SECTIONS.find((s) => pathname === s || pathname.startsWith(`${s}/`));
}

/** Whether any of the roles may open the page at this path (a path outside the sections is open to all). */
export function mayOpenPage(roles: readonly Role[], pathname: string): boolean {
  const section = sectionOf(pathname);
  if (section === undefined) return true;
  const allowed: readonly Role[] = CONSOLE_PAGES[section].roles;
  return roles.some((r) => allowed.includes(r));
}
