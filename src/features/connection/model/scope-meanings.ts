import type { Scope } from '../../../contract/scopes';

/** Each scope's entry in the `connection` catalog (scopeMeanings.*), where what it grants is written (specification, Authentication 7). */
export const SCOPE_MEANING_KEYS = {
  'create:messages': 'createMessages',
  'read:declarations': 'readDeclarations',
  'create:subscriptions': 'createSubscriptions',
  'read:subscriptions': 'readSubscriptions',
  'delete:subscriptions': 'deleteSubscriptions',
  'create:wms': 'createWms',
  'read:wms': 'readWms',
  'read:documents': 'readDocuments',
  'read:classifications': 'readClassifications',
  'create:classifications': 'createClassifications',
  'delete:classifications': 'deleteClassifications',
} as const satisfies Record<Scope, string>;
