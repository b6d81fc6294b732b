import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { RebuildJob } from '../../../../contract/review';
import { ProblemAlert } from '../../../../components/problem-alert';
import { useRebuildIndex } from '../../api/review.queries';
import { formatDateTime } from '../../../../lib/format';

interface Props {
  declarations: number;
  rebuild: RebuildJob | null;
  /** The index holds every declaration (built since the console last missed events). */
  complete: boolean;
  canRebuild: boolean;
}

/** What a running build has done so far, in words. */
export function buildProgressText(rebuild: RebuildJob): string {
  if (rebuild.found === 0 && rebuild.indexed === 0)
    return `Building the index: listing the declarations (${rebuild.pages} search pages read).`;
  return `Building the index: ${rebuild.indexed} of ${rebuild.found} declarations read.`;
}

/**
 * Where the desk's numbers come from: the index the BFF keeps from the service's events, which it
 * builds by itself from the search pages when it has not followed the tenant from the start.
 */
export function IndexStatus({ declarations, rebuild, complete, canRebuild }: Props) {
  const start = useRebuildIndex();
  const running = rebuild?.status === 'running';
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        {complete ? (
          <Text size="sm">
            {declarations} declarations in Invalid or Customs error with errors, kept current from the service’s events.
            {rebuild?.status === 'done' && rebuild.finishedAt && (
              <>
                {' '}
                Last built {formatDateTime(rebuild.finishedAt)} by {rebuild.startedBy}.
              </>
            )}
          </Text>
        ) : (
          <Text size="sm">
            The console has not followed this tenant’s declarations from the start, so it builds its index of their errors by itself: the
            lists below fill as it goes.
          </Text>
        )}
        {canRebuild && (
          <Button variant="default" onClick={() => start.mutate()} loading={start.isPending} disabled={running}>
            Rebuild index
          </Button>
        )}
      </Group>
      {running && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm" fw={600}>
            {buildProgressText(rebuild)}
          </Text>
          <Progress
            value={rebuild.found ? (100 * rebuild.indexed) / rebuild.found : 0}
            aria-label="Index build progress"
            striped
            animated
          />
        </Stack>
      )}
      {!running && !complete && (
        <Text size="sm" role="status">
          The build starts as soon as the console follows the service’s events
          {rebuild?.status === 'failed' ? ' and the service answers; it is tried again every few minutes' : ''}.
        </Text>
      )}
      {rebuild?.status === 'failed' && (
        <Alert color="orange" title="The last build of the index did not finish">
          {rebuild.error}
        </Alert>
      )}
      {start.isError && <ProblemAlert error={start.error} title="The rebuild did not start" />}
    </Stack>
  );
}
