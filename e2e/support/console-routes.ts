import { readFileSync } from 'node:fs';
import { classificationSearchResultSchema } from '../../src/contract/classification';
import { serviceToken } from './service-api';
import { SANDBOX_URL } from './stack';

/** Seeded movement order (src/sandbox/movement-orders/movement-order-seed.ts). */
export const SEEDED_ORDER = '5eed0000-0000-4000-8000-000000000003-1';

/** The routes the router knows, read from its generated tree (a new page file adds one). */
export function consoleRoutes(): string[] {
  const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const byFullPath = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  return [...byFullPath.matchAll(/^\s*'([^']+)':/gm)].flatMap((m) => (m[1] ? [m[1]] : []));
}

/** The id of a seeded classification item, found through the service's search as an ERP would. */
export async function seededItemId(externalReference = 'SKU-10003'): Promise<string> {
  const res = await fetch(`${SANDBOX_URL}/v1/classifications/items/search?${new URLSearchParams({ externalReference }).toString()}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  const [first] = classificationSearchResultSchema.parse(await res.json()).data;
  if (!first) throw new Error(`no classification item ${externalReference} in the sandbox`);
  return first.id;
}
