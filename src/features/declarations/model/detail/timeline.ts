import { DECLARATION_ACTIONS, DECLARATION_ACTION_NAMES } from '../../../../contract/declaration-actions';
import type { AssignmentChange } from '../../../../contract/assignments';
import type { AuditEntry } from '../../../../contract/audit';
import type { EventEnvelope } from '../../../../contract/events';

/** One line of the declaration's history: who did what (audit) and what the service reported (events). */
export interface TimelineEntry {
  key: string;
  time: string;
  kind: 'action' | 'status' | 'outcome' | 'document' | 'event';
  title: string;
  detail?: string;
  failed?: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** What a write did, in words: the part of the path after /v1/declarations/{id}. */
export function describeWrite(method: string, path: string, declarationId: string): string {
  const prefix = `/v1/declarations/${encodeURIComponent(declarationId)}`;
  const rest = (path.startsWith(prefix) ? path.slice(prefix.length) : path).split('/').filter(Boolean);
  const [first, second] = rest;
  if (!first) return method === 'PATCH' ? 'Changed the header' : `${method} on the declaration`;
  if (first === 'items') {
    if (method === 'POST') return 'Added a goods item';
    if (method === 'DELETE') return 'Removed a goods item';
    return 'Changed a goods item';
  }
  const action = DECLARATION_ACTION_NAMES.find((a) => DECLARATION_ACTIONS[a].segment === first);
  if (action) return `${DECLARATION_ACTIONS[action].label}${second ? ` (${decodeURIComponent(second)})` : ''}`;
  return `${method} ${rest.join('/')}`;
}

export function auditToEntry(a: AuditEntry, declarationId: string): TimelineEntry {
  const failed = a.outcome !== 'pending' && a.outcome !== 'held' && (a.upstreamStatus === null || a.upstreamStatus >= 400);
  return {
    key: `audit-${a.id}`,
    time: a.time,
    kind: 'action',
    title: describeWrite(a.method, a.path, declarationId),
    detail: `${a.name} (${a.role}) · ${auditAnswer(a)}`,
    failed,
  };
}

/** What became of an audited write, in words. */
export function auditAnswer(a: AuditEntry): string {
  switch (a.outcome) {
    case 'pending':
      return 'sent, awaiting the service';
    case 'unknown':
      return 'outcome unknown (the console stopped while the service had it)';
    case 'refused':
      return `refused by the console (HTTP ${a.status ?? '?'})`;
    case 'unreachable':
      return 'the service could not be reached';
    case 'held':
      return 'held for approval by a supervisor';
    case 'answered': {
      const answer =
        a.upstreamStatus === null ? 'the service could not be reached' : a.upstreamStatus === 202 ? 'accepted' : `HTTP ${a.upstreamStatus}`;
      return a.approvedBy ? `${answer}, approved by ${a.approvedBy.name}` : answer;
    }
  }
}

/** A change of owner (the BFF's assignment history), in words. */
export function assignmentToEntry(c: AssignmentChange): TimelineEntry {
  const title =
    c.action === 'unassigned'
      ? `Unassigned from ${c.previousOwnerName ?? 'its owner'}`
      : c.action === 'reassigned'
        ? `Reassigned from ${c.previousOwnerName ?? 'its owner'} to ${c.ownerName ?? 'no one'}`
        : `Assigned to ${c.ownerName ?? 'no one'}`;
  return { key: `assignment-${c.id}`, time: c.at, kind: 'action', title, detail: `by ${c.byName}` };
}

export function eventToEntry(e: EventEnvelope): TimelineEntry {
  const base = { key: `event-${e.id}`, time: e.eventTime };
  const reason =
    str(e.data.reason) ??
    (Array.isArray(e.data.errorDescriptions)
      ? e.data.errorDescriptions.filter((x): x is string => typeof x === 'string').join(' ')
      : undefined);
  switch (e.eventType) {
    case 'DeclarationStatusChanged':
      return { ...base, kind: 'status', title: `Status changed to ${e.eventSubType ?? str(e.data.currentStatus) ?? 'unknown'}` };
    case 'DeclarationActionFinished': {
      const sub = e.eventSubType ?? '';
      const failed = /Unsuccessful$/.test(sub);
      return {
        ...base,
        kind: 'outcome',
        title: sub.replace(/([a-z])([A-Z])/g, '$1 $2') || 'Action finished',
        failed,
        ...(reason ? { detail: reason } : {}),
      };
    }
    case 'DeclarationPdfCreated':
      return { ...base, kind: 'document', title: `Document created: ${e.eventSubType ?? str(e.data.type) ?? 'PDF'}` };
    default:
      return {
        ...base,
        kind: 'event',
        title: [e.eventType, e.eventSubType].filter(Boolean).join(' · '),
        ...(reason ? { detail: reason } : {}),
      };
  }
}

/** Newest first; the same entry from two sources (inbox and live) once. */
export function mergeTimeline(...lists: readonly TimelineEntry[][]): TimelineEntry[] {
  const byKey = new Map<string, TimelineEntry>();
  for (const list of lists) for (const entry of list) byKey.set(entry.key, entry);
  return [...byKey.values()].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || a.key.localeCompare(b.key));
}

/** Whether an event concerns this declaration (declaration events carry its id as data.id). */
export const isEventOf = (e: EventEnvelope, declarationId: string): boolean => e.data.id === declarationId;
