import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { platformMigration } from './0001-platform.js';
import { declarationsMigration } from './0002-declarations.js';
import { messagesMigration } from './0003-messages.js';
import { classificationMigration } from './0004-classification.js';
import { orderedJobsMigration } from './0005-ordered-jobs.js';
import { secretsMigration } from './0006-secrets.js';
import { ingestHistoryMigration } from './0007-ingest-history.js';
import { ftpsFilesMigration } from './0009-ftps-files.js';
import { oneIngestHistoryMigration } from './0010-one-ingest-history.js';

/**
 * The sandbox's schema history, applied in name order at start-up (`0001-...`, `0002-...`).
 * An applied migration is never edited; a change is a new file and a new line here.
 */
export const sandboxMigrations: Readonly<Record<string, VersionedMigration>> = {
  '0001-platform': platformMigration,
  '0002-declarations': declarationsMigration,
  '0003-messages': messagesMigration,
  '0004-classification': classificationMigration,
  '0005-ordered-jobs': orderedJobsMigration,
  '0006-secrets': secretsMigration,
  '0007-ingest-history': ingestHistoryMigration,
  '0009-ftps-files': ftpsFilesMigration,
  '0010-one-ingest-history': oneIngestHistoryMigration,
};

/** The sandbox's own history table, so it may share a PostgreSQL database with the BFF. */
export const SANDBOX_MIGRATION_TABLE = 'sandbox_migration';
