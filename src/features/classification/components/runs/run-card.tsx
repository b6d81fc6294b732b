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
    <Paper withBorder p="md" component="article" aria-label={`${jurisdiction} run`} data-testid="run-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {jurisdiction} run{run.code ? ` verifying ${formatCode(jurisdiction, run.code)}` : ''}
          </Title>
          <Group gap="xs" role="status" aria-label={`Run status: ${status ?? run.status}`}>
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
          Started {formatDateTime(run.startedAt)} by {run.startedBy.name}
        </Text>
        {query.isError && (
          <ClassificationError error={query.error} title="The run could not be loaded" onRetry={() => void query.refetch()} />
        )}
        {!finished && !query.isError && <Text size="sm">The engine is working on it; this updates by itself.</Text>}
        {status === 'Completed' && query.data?.result && (
          <RunResult result={query.data.result} jurisdiction={jurisdiction} verifiedCode={run.code ?? undefined} />
        )}
        {status === 'Error' && (
          <Alert color="red" title={`The run failed${query.data?.errorCode ? ` (${query.data.errorCode})` : ''}`}>
            {query.data?.message ?? 'No message was given.'}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
