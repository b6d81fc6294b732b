import { scopeSchema, type Scope } from '../../../contract/scopes';

/** A part of the console and the scope the service requires for it; area and action name entries of the `connection` catalog. */
export interface Capability {
  area: 'declarations' | 'ingestion' | 'subscriptions' | 'movementOrders' | 'classification';
  action:
    | 'readDeclarations'
    | 'changeDeclarations'
    | 'downloadDocuments'
    | 'sendMessages'
    | 'readSubscriptions'
    | 'createSubscriptions'
    | 'deleteSubscriptions'
    | 'readMovementOrders'
    | 'createMovementOrders'
    | 'readClassification'
    | 'changeClassification'
    | 'deleteClassification';
  scope: Scope;
}

export const CAPABILITIES: readonly Capability[] = [
  { area: 'declarations', action: 'readDeclarations', scope: 'read:declarations' },
  { area: 'declarations', action: 'changeDeclarations', scope: 'create:messages' },
  { area: 'declarations', action: 'downloadDocuments', scope: 'read:documents' },
  { area: 'ingestion', action: 'sendMessages', scope: 'create:messages' },
  { area: 'subscriptions', action: 'readSubscriptions', scope: 'read:subscriptions' },
  { area: 'subscriptions', action: 'createSubscriptions', scope: 'create:subscriptions' },
  { area: 'subscriptions', action: 'deleteSubscriptions', scope: 'delete:subscriptions' },
  { area: 'movementOrders', action: 'readMovementOrders', scope: 'read:wms' },
  { area: 'movementOrders', action: 'createMovementOrders', scope: 'create:wms' },
  { area: 'classification', action: 'readClassification', scope: 'read:classifications' },
  { area: 'classification', action: 'changeClassification', scope: 'create:classifications' },
  { area: 'classification', action: 'deleteClassification', scope: 'delete:classifications' },
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
