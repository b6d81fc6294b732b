import { scopeSchema, type Scope } from '../../../contract/scopes';

/** A part of the console and the scope the service requires for it. */
export interface Capability {
  area: string;
  action: string;
  scope: Scope;
}

export const CAPABILITIES: readonly Capability[] = [
  { area: 'Declarations', action: 'Search and read declarations', scope: 'read:declarations' },
  { area: 'Declarations', action: 'Update declarations, change goods items, run declaration actions', scope: 'create:messages' },
  { area: 'Declarations', action: 'Download certificate of origin documents', scope: 'read:documents' },
  { area: 'Ingestion', action: 'Send customs shipments and master data messages', scope: 'create:messages' },
  { area: 'Subscriptions', action: 'List and read subscriptions', scope: 'read:subscriptions' },
  { area: 'Subscriptions', action: 'Create subscriptions', scope: 'create:subscriptions' },
  { area: 'Subscriptions', action: 'Delete subscriptions', scope: 'delete:subscriptions' },
  { area: 'Movement orders', action: 'Read movement orders', scope: 'read:wms' },
  { area: 'Movement orders', action: 'Create movement orders', scope: 'create:wms' },
  { area: 'Classification', action: 'Search and read items, images and runs', scope: 'read:classifications' },
  { area: 'Classification', action: 'Add and update items, add images, start runs', scope: 'create:classifications' },
  { area: 'Classification', action: 'Delete items and images', scope: 'delete:classifications' },
];

export interface GrantedScopes {
  known: Scope[];
  /** Scopes the token carries that this console does not know (the specification may add some). */
  unknown: string[];
}

export function parseScopes(spaced: readonly string[]): GrantedScopes {
  const known: Scope[] = [];
  const unknown: string[] = [];
  for (const s of spaced) {
    const parsed = scopeSchema.safeParse(s);
    if (parsed.success) known.push(parsed.data);
    else unknown.push(s);
  }
  return { known, unknown };
}
