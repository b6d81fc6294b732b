import { hs6, type RecordedRun } from '../../../../contract/classification-workbench';
import { JURISDICTIONS } from '../../../../contract/scopes';
import type { Jurisdiction } from './run-types';

export interface JurisdictionColumn {
  jurisdiction: Jurisdiction;
  /** The latest completed run of this jurisdiction with a proposed code. */
  run: RecordedRun | undefined;
  /** Its best code's 6-digit (HS subheading) part. */
  hs6: string | undefined;
  /** The 6 digits differ from those most jurisdictions agree on (ties: the first in EU, UK, US, CH order). */
  differs: boolean;
}

/**
 * The latest result of each jurisdiction side by side. Codes agree internationally only up to
 * the HS subheading (6 digits), so that is where a difference means a real disagreement.
 */
export function compareJurisdictions(runsNewestFirst: readonly RecordedRun[]): JurisdictionColumn[] {
  const columns = JURISDICTIONS.map((jurisdiction) => {
    const run = runsNewestFirst.find((r) => r.jurisdiction === jurisdiction && r.status === 'Completed' && r.bestCode !== null);
    return { jurisdiction, run, hs6: run?.bestCode ? hs6(run.bestCode) : undefined };
  });
  const counts = new Map<string, number>();
  for (const c of columns) if (c.hs6) counts.set(c.hs6, (counts.get(c.hs6) ?? 0) + 1);
  let reference: string | undefined;
  for (const c of columns)
    if (c.hs6 && (reference === undefined || (counts.get(c.hs6) ?? 0) > (counts.get(reference) ?? 0))) reference = c.hs6;
  return columns.map((c) => ({ ...c, differs: c.hs6 !== undefined && counts.size > 1 && c.hs6 !== reference }));
}
