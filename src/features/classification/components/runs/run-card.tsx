import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RunStatus } from '../../../../contract/classification';
import type { RecordedRun } from '../../../../contract/classification-workbench';
import { classificationKeys } from '../../api/classification.queries';
import { classificationRunQueryOptions, isRunFinished } from '../../../../lib/classification-run';
import { workbenchKeys } from '../../api/workbench.queries';
import { ClassificationError } from '../analyst-only';
import { RunResult } from './run-result';
import { withStatusSeen } from '../../model/runs/run-status';
import { formatCode, formatDateTime } from '../../../../lib/format';

// Dark shades: white badge text needs 4.5:1.
const STATUS_COLOR: Record<RunStatus, string> = { Pending: 'gray.7', Processing: 'blue.8', Completed: 'teal.9', Error: 'red.9' };

/** One run recorded by the BFF, its result read back by id from the service and polled until it finishes. */
export function RunCard({ itemId, run }: { itemId: string; run: RecordedRun }) {
  const { t } = useTranslation('classification');
  const query = useQuery(classificationRunQueryOptions(itemId, run.runId));
  const status = query.data?.status;
  const queryClient = useQueryClient();
  const finished = isRunFinished(status);
  const [seen, setSeen] = useState<readonly RunStatus[]>(() => (isRunFinished(run.status) ? [] : [run.status]));
  if (seen.at(-1) !== status && status !== undefined) setSeen(withStatusSeen(seen, status));

  // A finished run may change the item's hasBetterSuggestion and the BFF's summary: refresh both once.
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: classificationKeys.item(itemId), exact: true });
    void queryClient.invalidateQueries({ queryKey: workbenchKeys.runsOfItem(itemId) });
  }, [finished, itemId, queryClient]);

  const jurisdiction = query.data?.jurisdiction ?? run.jurisdiction;
  return (
    <Paper withBorder p="md" component="article" aria-label={t('run.label', { jurisdiction })} data-testid="run-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {run.code ? t('run.verifying', { jurisdiction, code: formatCode(jurisdiction, run.code) }) : t('run.label', { jurisdiction })}
          </Title>
          <Group gap="xs" role="status" aria-label={t('run.status', { status: status ?? run.status })}>
            {!finished && !query.isError && <Loader size="xs" aria-hidden="true" />}
            {seen.length > 1 && (
              <Text size="xs" c="dimmed" data-testid="status-trail">
                {seen.slice(0, -1).join(' → ')} →
              </Text>
            )}
            <Badge color={STATUS_COLOR[status ?? run.status]}>{status ?? run.status}</Badge>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t('run.started', { time: formatDateTime(run.startedAt), name: run.startedBy.name })}
        </Text>
        {query.isError && <ClassificationError error={query.error} title={t('run.loadFailed')} onRetry={() => void query.refetch()} />}
        {!finished && !query.isError && <Text size="sm">{t('run.working')}</Text>}
        {status === 'Completed' && query.data?.result && (
          <RunResult result={query.data.result} jurisdiction={jurisdiction} verifiedCode={run.code ?? undefined} />
        )}
        {status === 'Error' && (
          <Alert color="red" title={query.data?.errorCode ? t('run.failedCode', { code: query.data.errorCode }) : t('run.failed')}>
            {query.data?.message !== undefined ? <span lang="en">{query.data.message}</span> : t('run.noMessage')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
