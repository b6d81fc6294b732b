import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RunStatus } from '../../../contract/classification';
import { classificationKeys, classificationRunQueryOptions } from '../api/classification.queries';
import { ClassificationError } from '../components/analyst-only';
import { formatCode } from './format-code';
import { RunResult } from './run-result';
import { isRunFinished } from './run-status';
import type { SessionRun } from './session-runs';

// Dark shades: white badge text needs 4.5:1.
const STATUS_COLOR: Record<RunStatus, string> = { Pending: 'gray.7', Processing: 'blue.8', Completed: 'teal.9', Error: 'red.9' };

/** One run, polled until it finishes (the query's refetchInterval stops then). */
export function RunCard({ itemId, run }: { itemId: string; run: SessionRun }) {
  const query = useQuery(classificationRunQueryOptions(itemId, run.runId));
  const status = query.data?.status;
  const queryClient = useQueryClient();
  const finished = isRunFinished(status);

  // A finished run may change the item's hasBetterSuggestion: refresh the item once.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: classificationKeys.item(itemId), exact: true });
  }, [finished, itemId, queryClient]);

  const jurisdiction = query.data?.jurisdiction ?? run.jurisdiction;
  return (
    <Paper withBorder p="md" component="article" aria-label={`${jurisdiction} run`} data-testid="run-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {jurisdiction} run{run.code ? ` verifying ${formatCode(jurisdiction, run.code)}` : ''}
          </Title>
          <Group gap="xs" role="status">
            {!finished && !query.isError && <Loader size="xs" aria-hidden="true" />}
            {status && <Badge color={STATUS_COLOR[status]}>{status}</Badge>}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          Started {new Date(run.startedAt).toLocaleString()}
        </Text>
        {query.isError && <ClassificationError error={query.error} title="The run could not be loaded" onRetry={() => void query.refetch()} />}
        {!finished && !query.isError && <Text size="sm">The engine is working on it; this updates by itself.</Text>}
        {status === 'Completed' && query.data?.result && <RunResult result={query.data.result} jurisdiction={jurisdiction} verifiedCode={run.code} />}
        {status === 'Error' && (
          <Alert color="red" title={`The run failed${query.data?.errorCode ? ` (${query.data.errorCode})` : ''}`}>
            {query.data?.message ?? 'No message was given.'}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
