import { Loader, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { EventEnvelope } from '../../../../contract/events';
import { ProblemAlert } from '../../../../components/problem-alert';
import { declarationAuditQueryOptions } from '../../api/declaration-timeline.queries';
import { assignmentHistoryQueryOptions } from '../../api/assignments.queries';
import { assignmentToEntry, auditToEntry, eventToEntry, mergeTimeline } from '../../model/detail/timeline';
import { formatDateTime } from '../../../../lib/format';

interface Props {
  declarationId: string;
  /** Received (inbox) and live events of this declaration. */
  events: readonly EventEnvelope[];
  eventsError: unknown;
}

const COLOR = { action: 'blue', status: 'teal', outcome: 'gray', document: 'grape', event: 'gray' } as const;

/** Status changes and actions, newest first: who did what (audit) merged with what the service reported (events). */
export function DeclarationTimeline({ declarationId, events, eventsError }: Props) {
  const { t } = useTranslation('declaration');
  const audit = useQuery(declarationAuditQueryOptions(declarationId));
  const owners = useQuery(assignmentHistoryQueryOptions(declarationId));
  const entries = useMemo(
    () =>
      mergeTimeline(
        (audit.data ?? []).map((a) => auditToEntry(a, declarationId, t)),
        events.map((e) => eventToEntry(e, t)),
        (owners.data ?? []).map((c) => assignmentToEntry(c, t)),
      ),
    [audit.data, events, declarationId, owners.data, t],
  );

  return (
    <>
      {audit.isPending && <Loader size="sm" aria-label={t('timeline.loading')} />}
      {audit.isError && <ProblemAlert error={audit.error} title={t('timeline.auditFailed')} onRetry={() => void audit.refetch()} />}
      {owners.isError && <ProblemAlert error={owners.error} title={t('timeline.ownersFailed')} onRetry={() => void owners.refetch()} />}
      {eventsError !== null && eventsError !== undefined && <ProblemAlert error={eventsError} title={t('timeline.eventsFailed')} />}
      {entries.length === 0 && !audit.isPending ? (
        <Text size="sm">{t('timeline.none')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={-1}>
          {entries.map((e) => (
            <Timeline.Item
              key={e.key}
              color={e.failed ? 'red' : COLOR[e.kind]}
              title={
                <Text size="sm" fw={600}>
                  {e.title}
                </Text>
              }
            >
              {e.detail && <Text size="sm">{e.detail}</Text>}
              <Text size="xs" c="dimmed">
                <time dateTime={e.time}>{formatDateTime(e.time)}</time>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </>
  );
}
