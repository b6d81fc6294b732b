import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { RebuildJob } from '../../../../contract/review';
import { ProblemAlert } from '../../../../components/problem-alert';
import { useRebuildIndex } from '../../api/review.queries';
import { formatDateTime } from '../../../../lib/format';

/**
 * Where the desk's numbers come from: the index the BFF keeps from the service's events, and its
 * rebuild from the search pages (for a tenant the console has not followed from the start).
 */
export function IndexStatus({ declarations, rebuild, canRebuild }: { declarations: number; rebuild: RebuildJob | null; canRebuild: boolean }) {
  const start = useRebuildIndex();
  const running = rebuild?.status === 'running';
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text size="sm">
          {declarations} declarations in Invalid or Customs error with errors, kept current from the service’s events.
          {rebuild?.status === 'done' && rebuild.finishedAt && (
            <> Last rebuilt {formatDateTime(rebuild.finishedAt)} by {rebuild.startedBy}.</>
          )}
        </Text>
        {canRebuild && (
          <Button variant="default" onClick={() => start.mutate()} loading={start.isPending} disabled={running}>
            Rebuild index
          </Button>
        )}
      </Group>
      {running && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            Rebuilding: {rebuild.pages} search pages read, {rebuild.indexed} of {rebuild.found} declarations indexed.
          </Text>
          <Progress value={rebuild.found ? (100 * rebuild.indexed) / rebuild.found : 0} aria-label="Rebuild progress" striped animated />
        </Stack>
      )}
      {rebuild?.status === 'failed' && (
        <Alert color="orange" title="The last rebuild did not finish">
          {rebuild.error}
        </Alert>
      )}
      {start.isError && <ProblemAlert error={start.error} title="The rebuild did not start" />}
    </Stack>
  );
}
