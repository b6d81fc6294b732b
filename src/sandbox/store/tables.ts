import type { ClassificationTables } from './classification/classification-tables.js';
import type { ArticlesAndPartnersTables } from './articles-and-partners/articles-and-partners-tables.js';
import type { DeclarationsTables } from './declarations/declarations-tables.js';
import type { DocumentsTables } from './documents/documents-tables.js';
import type { FormulaTables } from './formulas/formula-tables.js';
import type { MasterDataMessageTables } from './master-data-messages/master-data-message-tables.js';
import type { MovementOrderTables } from './movement-orders/movement-order-tables.js';
import type { PlatformTables } from './platform/platform-tables.js';
import type { SecretsTables } from './secrets/secrets-repository.js';
import type { IngestHistoryTables } from './ingest-history/ingest-history-tables.js';
import type { FtpsFilesTables } from './ftps-files/ftps-files-repository.js';

/**
 * Every table of the sandbox as Kysely sees it: the intersection of each part's table types
 * (`store/<part>/<part>-tables.ts`), one line per part.
 */
export type SandboxTables = PlatformTables &
  DeclarationsTables &
  ArticlesAndPartnersTables &
  DocumentsTables &
  FormulaTables &
  MasterDataMessageTables &
  MovementOrderTables &
  ClassificationTables &
  SecretsTables &
  IngestHistoryTables &
  FtpsFilesTables;
