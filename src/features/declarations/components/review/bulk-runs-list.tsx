import { List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { bulkRunsQueryOptions } from '../../api/review.queries';
import { formatDateTime, formatQuantity } from '../../../../lib/format';

/** The last bulk runs (any user), as the BFF recorded them. */
export function BulkRunsList() {
  const { t } = useTranslation('review');
  const runs = useQuery(bulkRunsQueryOptions());
  return (
    <section aria-labelledby="bulk-runs">
      <Title order={2} size="h3" id="bulk-runs" mb="xs">
        {t('runs.title')}
      </Title>
      {runs.data?.length === 0 && <Text size="sm">{t('runs.none')}</Text>}
      {runs.data && runs.data.length > 0 && (
        <List size="sm" spacing={4}>
          {runs.data.map((r) => {
            const count = (outcome: 'accepted' | 'held' | 'skipped' | 'failed' | 'cancelled') =>
              t(`runs.${outcome}`, { count: formatQuantity(r.rows.filter((x) => x.outcome === outcome).length) });
            const held = r.rows.some((x) => x.outcome === 'held');
            const outcomes = [
              count('accepted'),
              ...(held ? [count('held')] : []),
              count('skipped'),
              count('failed'),
              ...(r.cancelled ? [count('cancelled')] : []),
            ];
            return (
              <List.Item key={r.id}>
                {t('runs.line', {
                  when: formatDateTime(r.startedAt),
                  who: r.startedBy,
                  action: t(`bulk.${r.action}`),
                  count: formatQuantity(r.rows.length),
                  outcomes: outcomes.join(', '),
                })}
              </List.Item>
            );
          })}
        </List>
      )}
    </section>
  );
}
