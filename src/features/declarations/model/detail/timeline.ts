import type { TFunction } from '../../../../lib/i18n/message-keys';
import { DECLARATION_ACTIONS, DECLARATION_ACTION_NAMES } from '../../../../contract/declaration-actions';
import type { AssignmentChange } from '../../../../contract/assignments';
import type { AuditEntry } from '../../../../contract/audit';
import type { EventEnvelope } from '../../../../contract/events';

/** The history's wording comes from the `declaration` catalog in the console's language. */
type T = TFunction<'declaration'>;

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
export function describeWrite(method: string, path: string, declarationId: string, t: T): string {
  const prefix = `/v1/declarations/${encodeURIComponent(declarationId)}`;
  const rest = (path.startsWith(prefix) ? path.slice(prefix.length) : path).split('/').filter(Boolean);
  const [first, second] = rest;
  if (!first) return method === 'PATCH' ? t('history.changedHeader') : t('history.methodOnDeclaration', { method });
  if (first === 'items') {
    if (method === 'POST') return t('history.addedItem');
    if (method === 'DELETE') return t('history.removedItem');
    return t('history.changedItem');
  }
  const action = DECLARATION_ACTION_NAMES.find((a) => DECLARATION_ACTIONS[a].segment === first);
  if (action) return `${t(`actionNames.${action}`)}${second ? ` (${decodeURIComponent(second)})` : ''}`;
  return `${method} ${rest.join('/')}`;
}

export function auditToEntry(a: AuditEntry, declarationId: string, t: T): TimelineEntry {
  const failed = a.outcome !== 'pending' && a.outcome !== 'held' && (a.upstreamStatus === null || a.upstreamStatus >= 400);
  return {
    key: `audit-${a.id}`,
    time: a.time,
    kind: 'action',
    title: describeWrite(a.method, a.path, declarationId, t),
    detail: `${a.name} (${a.role}) · ${auditAnswer(a, t)}`,
    failed,
  };
}

/** What became of an audited write, in words. */
function auditAnswer(a: AuditEntry, t: T): string {
  switch (a.outcome) {
    case 'pending':
      return t('history.pending');
    case 'unknown':
      return t('history.unknown');
    case 'refused':
      return t('history.refused', { status: a.status ?? '?' });
    case 'unreachable':
      return t('history.unreachable');
    case 'held':
      return t('history.held');
    case 'answered': {
      const answer =
        a.upstreamStatus === null
          ? t('history.unreachable')
          : a.upstreamStatus === 202
            ? t('history.accepted')
            : t('history.http', { status: a.upstreamStatus });
      return a.approvedBy ? t('history.approvedBy', { answer, name: a.approvedBy.name }) : answer;
    }
  }
}

/** A change of owner (the BFF's assignment history), in words. */
export function assignmentToEntry(c: AssignmentChange, t: T): TimelineEntry {
  const title =
    c.action === 'unassigned'
      ? t('history.unassigned', { previous: c.previousOwnerName ?? t('history.itsOwner') })
      : c.action === 'reassigned'
        ? t('history.reassigned', { previous: c.previousOwnerName ?? t('history.itsOwner'), owner: c.ownerName ?? t('history.noOne') })
        : t('history.assigned', { owner: c.ownerName ?? t('history.noOne') });
  return { key: `assignment-${c.id}`, time: c.at, kind: 'action', title, detail: t('history.by', { name: c.byName }) };
}

export function eventToEntry(e: EventEnvelope, t: T): TimelineEntry {
  const base = { key: `event-${e.id}`, time: e.eventTime };
  const reason =
    str(e.data.reason) ??
    (Array.isArray(e.data.errorDescriptions)
      ? e.data.errorDescriptions.filter((x): x is string => typeof x === 'string').join(' ')
      : undefined);
  switch (e.eventType) {
    case 'DeclarationStatusChanged':
      return {
        ...base,
        kind: 'status',
        title: t('history.statusChanged', { status: e.eventSubType ?? str(e.data.currentStatus) ?? t('history.unknownStatus') }),
      };
    case 'DeclarationActionFinished': {
      const sub = e.eventSubType ?? '';
      const failed = /Unsuccessful$/.test(sub);
      return {
        ...base,
        kind: 'outcome',
        title: sub.replace(/([a-z])([A-Z])/g, '$1 $2') || t('history.actionFinished'),
        failed,
        ...(reason ? { detail: reason } : {}),
      };
    }
    case 'DeclarationPdfCreated':
      return { ...base, kind: 'document', title: t('history.documentCreated', { type: e.eventSubType ?? str(e.data.type) ?? 'PDF' }) };
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
