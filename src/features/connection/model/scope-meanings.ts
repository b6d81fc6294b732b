import type { Scope } from '../../../contract/scopes';

/** What each scope grants (specification, Authentication 7). */
export const SCOPE_MEANINGS: Record<Scope, string> = {
  'create:messages': 'Ingestion endpoints, declaration update, goods item changes and declaration actions',
  'read:declarations': 'Retrieve and search declarations, download attachments, read a goods item',
  'create:subscriptions': 'Create subscriptions',
  'read:subscriptions': 'List and read subscriptions',
  'delete:subscriptions': 'Delete subscriptions',
  'create:wms': 'Create movement orders',
  'read:wms': 'Read movement orders',
  'read:documents': 'Download certificate of origin documents',
  'read:classifications': 'Search and read items, images, runs',
  'create:classifications': 'Add and update items, add images, start runs',
  'delete:classifications': 'Delete items and images',
};
