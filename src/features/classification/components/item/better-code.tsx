import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { JURISDICTIONS } from '../../../../contract/scopes';
import { recordedRunsQueryOptions } from '../../api/workbench.queries';
import { formatCode } from '../../../../lib/format';

/**
 * The better code itself, not just the badge: from the latest completed run of each jurisdiction
 * the team started through the console. Without one, the badge is all the service tells.
 */
export function BetterCode({ itemId, flagged }: { itemId: string; flagged: boolean }) {
  const runs = useQuery(recordedRunsQueryOptions(itemId));
  const latest = JURISDICTIONS.flatMap((j) => {
    const run = runs.data?.find((r) => r.jurisdiction === j && r.status === 'Completed');
    return run?.better && run.bestCode ? [run] : [];
  });
  if (latest.length === 0) {
    if (!flagged || runs.isPending) return null;
    return (
      <Alert color="grape" variant="light" title="Better suggestion available">
        The service flags a better code, but no run of this item was started through the console yet. Classify the item to see the proposed
        code.
      </Alert>
    );
  }
  return (
    <Alert color="grape" variant="light" title="Better code proposed" data-testid="better-code">
      {latest.map((run) => (
        <Text key={run.jurisdiction} size="sm">
          {run.jurisdiction}:{' '}
          <Text span ff="monospace" fw={600}>
            {formatCode(run.jurisdiction, run.bestCode ?? '')}
          </Text>{' '}
          (score {run.bestScore?.toFixed(1) ?? '—'}) instead of the assigned{' '}
          <Text span ff="monospace">
            {run.assignedCode ? formatCode(run.jurisdiction, run.assignedCode) : '—'}
          </Text>{' '}
          (score {run.assignedScore?.toFixed(1) ?? '—'}).
        </Text>
      ))}
    </Alert>
  );
}
