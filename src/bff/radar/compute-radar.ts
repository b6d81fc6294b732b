import { compareRadarItems, type Radar, type RadarItem, type RadarKind, type RadarQuery } from '../../contract/radar.js';
import { dueAt, workNeed } from '../../contract/work-queue.js';
import { readSlaTargets } from '../routes/sla-targets.js';
import { searchByStatus } from '../routes/work-queue.js';
import type { BffRepos } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

/** Rows per source: the radar is a page to act on, not an export. */
const LIMIT = 500;
const MINUTE = 60_000;

export interface RadarDeps {
  repos: Pick<BffRepos, 'radar' | 'assignments' | 'eventLog' | 'meta'>;
  upstream: UpstreamClient;
}

const declarationLink = (id: string) => `/declarations/${encodeURIComponent(id)}`;

function item(
  base: Omit<RadarItem, 'ageMinutes' | 'overdue' | 'dueAt' | 'since'> & { sinceMs: number; dueMs: number | null },
  nowMs: number,
): RadarItem {
  const { sinceMs, dueMs, ...rest } = base;
  return {
    ...rest,
    since: new Date(sinceMs).toISOString(),
    ageMinutes: Math.max(0, Math.floor((nowMs - sinceMs) / MINUTE)),
    dueAt: dueMs === null ? null : new Date(dueMs).toISOString(),
    overdue: dueMs !== null && dueMs < nowMs,
  };
}

/**
 * What is late or about to be. Declarations in a status beyond its target come from the BFF's
 * stored facts (SQL); goods still to arrive and reports of receipt need the declaration's step and
 * ARC, which only the service's search tells, so those come from it (Accepted and Alerted only), as
 * My work does; pending classification decisions from the stored runs and decisions.
 */
export async function computeRadar(deps: RadarDeps, query: RadarQuery, now = new Date()): Promise<Radar> {
  const nowMs = now.getTime();
  const untilMs = nowMs + query.soonMinutes * MINUTE;
  const wants = (k: RadarKind) => query.kind === undefined || query.kind.includes(k);
  const { targets } = await readSlaTargets(deps.repos.meta);

  const [late, searched, pending] = await Promise.all([
    wants('fix') || wants('submit') || wants('release') ? deps.repos.radar.lateDeclarations(targets, untilMs, LIMIT) : [],
    wants('arrival') || wants('receipt') ? searchByStatus(deps.upstream, ['Accepted', 'Alerted']) : { found: [], complete: true },
    wants('classification') ? deps.repos.radar.pendingClassifications(LIMIT) : [],
  ]);

  // Goods to arrive and reports of receipt: the need by the work rule, the wait from the status event (else the last update).
  const waiting = searched.found.flatMap((d) => {
    const need = workNeed(d);
    return (need === 'arrival' || need === 'receipt') && wants(need) ? [{ d, need }] : [];
  });
  const ids = waiting.map((w) => w.d.declarationId);
  const [entries, owners] = await Promise.all([deps.repos.eventLog.statusEntries(ids), deps.repos.assignments.forDeclarations(ids)]);
  const entered = new Map(entries.map((e) => [`${e.declarationId}\n${e.status}`, e.enteredMs]));
  const ownerOf = new Map(owners.map((a) => [a.declarationId, { sub: a.ownerSub, name: a.ownerName }]));
  const searchedItems = waiting.flatMap(({ d, need }) => {
    const sinceMs = entered.get(`${d.declarationId}\n${d.currentStatus}`) ?? Date.parse(d.lastUpdated);
    const dueMs = Date.parse(dueAt(need, new Date(sinceMs).toISOString(), targets));
    if (dueMs > untilMs) return [];
    return [
      item(
        {
          key: `${need}:${d.declarationId}`,
          kind: need,
          declarationId: d.declarationId,
          lrn: d.lrn,
          status: d.currentStatus,
          jurisdiction: d.jurisdiction,
          subject: d.lrn,
          sinceMs,
          dueMs,
          owner: ownerOf.get(d.declarationId) ?? null,
          link: declarationLink(d.declarationId),
        },
        nowMs,
      ),
    ];
  });
  // A pre-lodged or excise declaration waits for its arrival or receipt, not for release.
  const waitingIds = new Set(searchedItems.map((i) => i.declarationId));

  const lateItems = late
    .filter((l) => wants(l.kind) && !waitingIds.has(l.declarationId))
    .map((l) =>
      item(
        {
          key: `${l.kind}:${l.declarationId}`,
          kind: l.kind,
          declarationId: l.declarationId,
          lrn: l.lrn,
          status: l.status,
          jurisdiction: l.jurisdiction,
          subject: l.lrn ?? l.declarationId,
          sinceMs: l.sinceMs,
          dueMs: l.dueMs,
          owner: l.owner,
          link: declarationLink(l.declarationId),
        },
        nowMs,
      ),
    );

  const classificationItems = pending.map((p) =>
    item(
      {
        key: `classification:${p.itemId}:${p.jurisdiction}`,
        kind: 'classification',
        declarationId: null,
        lrn: null,
        status: 'Completed',
        jurisdiction: p.jurisdiction,
        subject: p.itemReference ?? p.itemId,
        sinceMs: Date.parse(p.sinceIso),
        dueMs: null,
        owner: p.owner,
        link: '/classification/worklist',
      },
      nowMs,
    ),
  );

  return {
    items: [...lateItems, ...searchedItems, ...classificationItems].sort(compareRadarItems),
    soonMinutes: query.soonMinutes,
    complete: searched.complete,
    generatedAt: now.toISOString(),
  };
}
