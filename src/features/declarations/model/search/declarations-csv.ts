import type { TFunction } from '../../../../lib/i18n/message-keys';
import type { DeclarationSummary } from '../../../../contract/declarations';
import { toCsv, type CsvColumn } from './csv';

/**
 * Every field of a search result, headed in the console's language; dates stay ISO 8601 (exact,
 * and Excel parses them), statuses, codes and identifiers as the service writes them.
 */
const columns = (t: TFunction<'declarations'>): readonly CsvColumn<DeclarationSummary>[] => [
  { header: t('csv.headers.declarationId'), value: (r) => r.declarationId },
  { header: t('csv.headers.status'), value: (r) => r.currentStatus },
  { header: t('csv.headers.hasErrors'), value: (r) => (r.hasErrors ? t('csv.yes') : t('csv.no')) },
  { header: t('csv.headers.lrn'), value: (r) => r.lrn },
  { header: t('csv.headers.mrn'), value: (r) => r.mrn },
  { header: t('csv.headers.arc'), value: (r) => r.arc },
  { header: t('csv.headers.ucr'), value: (r) => r.ucr },
  { header: t('csv.headers.externalReference'), value: (r) => r.externalReference },
  { header: t('csv.headers.direction'), value: (r) => r.direction },
  { header: t('csv.headers.customsFlow'), value: (r) => r.customsFlow },
  { header: t('csv.headers.flowStep'), value: (r) => r.customsFlowStep },
  { header: t('csv.headers.jurisdiction'), value: (r) => r.jurisdiction },
  { header: t('csv.headers.storageLocation'), value: (r) => r.storageLocation },
  { header: t('csv.headers.shipFrom'), value: (r) => r.shipFrom },
  { header: t('csv.headers.shipTo'), value: (r) => r.shipTo },
  { header: t('csv.headers.declarationDate'), value: (r) => r.declarationDate },
  { header: t('csv.headers.creationDate'), value: (r) => r.creationDate },
  { header: t('csv.headers.lastUpdated'), value: (r) => r.lastUpdated },
];

export const declarationsCsv = (rows: readonly DeclarationSummary[], t: TFunction<'declarations'>): string => toCsv(rows, columns(t));

export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `declarations-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}
