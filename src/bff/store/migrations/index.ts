import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { initialTables } from './0001-initial-tables.js';
import { auditOutcome } from './0002-audit-outcome.js';
import { classificationWorkbench } from './0006-classification-workbench.js';
import { reviewDesk } from './0010-review-desk.js';
import { createdMovementOrders } from './0011-created-movement-orders.js';
import { reviewDeskChanges } from './0012-declaration-changes.js';
import { rateLimitBuckets } from './0013-rate-limit-buckets.js';
import { alerts } from './0018-alerts.js';
import { assignments } from './0014-assignments.js';
import { declarationFacts } from './0015-declaration-facts.js';
import { approvalRequests } from './0016-approval-requests.js';
import { radar } from './0019-radar.js';
import { healthIncidents } from './0020-health-incidents.js';
import { userPreferences } from './0021-user-preferences.js';

/** Every BFF migration by name, applied in name order at start-up. Never edit one that shipped: add the next file. */
export const bffMigrations: Readonly<Record<string, VersionedMigration>> = {
  '0001-initial-tables': initialTables,
  '0002-audit-outcome': auditOutcome,
  '0006-classification-workbench': classificationWorkbench,
  '0010-review-desk': reviewDesk,
  '0011-created-movement-orders': createdMovementOrders,
  '0012-declaration-changes': reviewDeskChanges,
  '0013-rate-limit-buckets': rateLimitBuckets,
  '0018-alerts': alerts,
  '0014-assignments': assignments,
  '0015-declaration-facts': declarationFacts,
  '0016-approval-requests': approvalRequests,
  '0019-radar': radar,
  '0020-health-incidents': healthIncidents,
  '0021-user-preferences': userPreferences,
};

/** The BFF's migration history table (the sandbox keeps its own, so both may share one database). */
export const BFF_MIGRATION_TABLE = 'bff_migration';
