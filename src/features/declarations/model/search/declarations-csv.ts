import type { DeclarationSummary } from '../../../../contract/declarations';
import { toCsv, type CsvColumn } from './csv';

/** Every field of a search result; dates stay ISO 8601 (exact, and Excel parses them). */
const COLUMNS: readonly CsvColumn<DeclarationSummary>[] = [
  { header: 'Declaration id', value: (r) => r.declarationId },
  { header: 'Status', value: (r) => r.currentStatus },
  { header: 'Has errors', value: (r) => (r.hasErrors ? 'yes' : 'no') },
  { header: 'LRN', value: (r) => r.lrn },
  { header: 'MRN', value: (r) => r.mrn },
  { header: 'ARC', value: (r) => r.arc },
  { header: 'UCR', value: (r) => r.ucr },
  { header: 'External reference', value: (r) => r.externalReference },
  { header: 'Direction', value: (r) => r.direction },
  { header: 'Customs flow', value: (r) => r.customsFlow },
  { header: 'Flow step', value: (r) => r.customsFlowStep },
  { header: 'Jurisdiction', value: (r) => r.jurisdiction },
  { header: 'Storage location', value: (r) => r.storageLocation },
  { header: 'Ship from', value: (r) => r.shipFrom },
  { header: 'Ship to', value: (r) => r.shipTo },
  { header: 'Declaration date', value: (r) => r.declarationDate },
  { header: 'Created', value: (r) => r.creationDate },
  { header: 'Last updated', value: (r) => r.lastUpdated },
];

export const declarationsCsv = (rows: readonly DeclarationSummary[]): string => toCsv(rows, COLUMNS);

export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `declarations-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}
