import { List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { bulkRunsQueryOptions } from '../../api/review.queries';
import { formatDateTime } from '../../../../lib/format';

/** The last bulk runs (any user), as the BFF recorded them. */
export function BulkRunsList() {
  const runs = useQuery(bulkRunsQueryOptions());
  return (
    <section aria-labelledby="bulk-runs">
      <Title order={2} size="h3" id="bulk-runs" mb="xs">
        Last bulk runs
      </Title>
      {runs.data?.length === 0 && <Text size="sm">No bulk runs yet.</Text>}
      {runs.data && runs.data.length > 0 && (
        <List size="sm" spacing={4}>
          {runs.data.map((r) => {
            const count = (outcome: string) => r.rows.filter((x) => x.outcome === outcome).length;
            return (
              <List.Item key={r.id}>
                {formatDateTime(r.startedAt)} · {r.startedBy} · {r.action === 'validate' ? 'Validate' : 'Submit'} on {r.rows.length}:{' '}
                {count('accepted')} accepted, {count('held') ? `${count('held')} sent for approval, ` : ''}
                {count('skipped')} skipped, {count('failed')} failed
                {r.cancelled ? `, ${count('cancelled')} cancelled` : ''}
              </List.Item>
            );
          })}
        </List>
      )}
    </section>
  );
}
