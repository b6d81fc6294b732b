import type { Kysely } from 'kysely';
import type { DeclarationSearchQuery, DeclarationSummary } from '../../../contract/declarations.js';
import type { DeclarationsTable, DeclarationsTables } from './declarations-tables.js';
import { toDirection } from './declaration-rows.js';

/** A query datetime (date-time with or without offset, or a plain date) as a UTC ISO string; a plain date as "to" means the end of that day. */
export function queryInstant(value: string, end: boolean): { iso: string; exclusive: boolean } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (!end) return { iso: start.toISOString(), exclusive: false };
    return { iso: new Date(start.getTime() + 86_400_000).toISOString(), exclusive: true };
  }
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  return { iso: new Date(withZone).toISOString(), exclusive: false };
}

type TextColumn = { [K in keyof DeclarationsTable]: DeclarationsTable[K] extends string | null ? K : never }[keyof DeclarationsTable];

const SUMMARY_COLUMNS = [
  'id',
  'current_status',
  'mrn',
  'lrn',
  'arc',
  'ucr',
  'external_reference',
  'direction',
  'customs_flow',
  'customs_flow_step',
  'jurisdiction',
  'storage_location',
  'ship_from',
  'ship_to',
  'has_errors',
  'declaration_date',
  'creation_date',
  'last_updated',
] as const satisfies readonly (keyof DeclarationsTable)[];

/**
 * GET /v1/declarations/search: exact matches (case-sensitive on both engines), OR within a
 * repeated parameter, ranges on ISO timestamps (which sort as text), all on indexed columns of
 * one tenant; stable order (creationDate desc, then id) paged by limit and offset.
 */
export async function searchDeclarations(
  db: Kysely<DeclarationsTables>,
  tenantId: string,
  q: DeclarationSearchQuery,
): Promise<DeclarationSummary[]> {
  let query = db.selectFrom('declarations').select(SUMMARY_COLUMNS).where('tenant_id', '=', tenantId);
  const equal: [TextColumn, string | undefined][] = [
    ['external_reference', q.externalReference],
    ['direction', q.direction],
    ['ship_from', q.shipFrom],
    ['ship_to', q.shipTo],
    ['lrn', q.lrn],
    ['mrn', q.mrn],
    ['arc', q.arc],
    ['customs_flow', q.customsFlow],
    ['ucr', q.ucr],
  ];
  for (const [column, value] of equal) if (value !== undefined) query = query.where(column, '=', value);
  const anyOf: [TextColumn, string[] | undefined][] = [
    ['customs_flow_step', q.customsFlowStep],
    ['current_status', q.currentStatus],
    ['jurisdiction', q.jurisdiction],
    ['storage_location', q.storageLocation],
  ];
  for (const [column, values] of anyOf) if (values?.length) query = query.where(column, 'in', values);
  const ranges: [TextColumn, string | undefined, string | undefined][] = [
    ['declaration_date', q.declarationDateFrom, q.declarationDateTo],
    ['creation_date', q.creationDateFrom, q.creationDateTo],
    ['last_updated', q.lastUpdatedFrom, q.lastUpdatedTo],
  ];
  for (const [column, from, to] of ranges) {
    if (from) query = query.where(column, '>=', queryInstant(from, false).iso);
    if (to) {
      const until = queryInstant(to, true);
      query = query.where(column, until.exclusive ? '<' : '<=', until.iso);
    }
  }
  const rows = await query.orderBy('creation_date', 'desc').orderBy('id').limit(q.limit).offset(q.offset).execute();
  return rows.map((r) => ({
    declarationId: r.id,
    currentStatus: r.current_status,
    mrn: r.mrn,
    lrn: r.lrn,
    arc: r.arc,
    ucr: r.ucr,
    externalReference: r.external_reference,
    direction: toDirection(r.direction),
    customsFlow: r.customs_flow,
    customsFlowStep: r.customs_flow_step,
    jurisdiction: r.jurisdiction,
    storageLocation: r.storage_location,
    shipFrom: r.ship_from,
    shipTo: r.ship_to,
    hasErrors: r.has_errors === 1,
    declarationDate: r.declaration_date,
    creationDate: r.creation_date,
    lastUpdated: r.last_updated,
  }));
}
