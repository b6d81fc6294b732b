import { Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { fieldLabel, goodsItemFieldLabel } from '../../../../contract/field-labels';
import { ProblemAlert } from '../../../../components/problem-alert';
import { declarationChangesQueryOptions } from '../../api/review.queries';
import { changedFields, showValue } from '../../model/review/changed-fields';
import { formatDateTime } from '../../../../lib/format';

/** The operations the console records, as keys of the `review` catalog. */
const WHAT: Record<string, 'header' | 'itemAdded' | 'itemChanged' | 'itemDeleted'> = {
  'PATCH /v1/declarations/{declarationId}': 'header',
  'POST /v1/declarations/{declarationId}/items': 'itemAdded',
  'PATCH /v1/declarations/{declarationId}/items/{id}': 'itemChanged',
  'DELETE /v1/declarations/{declarationId}/items/{id}': 'itemDeleted',
};

/** "What changed": each header or goods item change made through the console, who and when, fields before and after side by side. */
export function DeclarationChangesPanel({ declarationId }: { declarationId: string }) {
  const { t } = useTranslation('review');
  const changes = useQuery(declarationChangesQueryOptions(declarationId));
  if (changes.isError) return <ProblemAlert error={changes.error} title={t('changes.loadFailed')} onRetry={() => void changes.refetch()} />;
  if (!changes.data?.length) return <Text size="sm">{t('changes.none')}</Text>;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('changes.label')}>
      {changes.data.map((c) => {
        const fields = changedFields(c.sent, c.before, c.itemId === null);
        const what = WHAT[c.operation];
        return (
          <Card component="li" key={c.id} withBorder padding="sm">
            <Text size="sm" fw={600}>
              {what ? t(`changes.${what}`) : c.operation}
              {c.itemId ? ` (${c.itemId})` : ''} · {c.authorName} · <time dateTime={c.changedAt}>{formatDateTime(c.changedAt)}</time>
              {c.upstreamStatus !== 202 && c.upstreamStatus !== null ? ` · ${t('changes.refused', { status: c.upstreamStatus })}` : ''}
            </Text>
            {fields.length > 0 && (
              <Table mt="xs" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('changes.field')}</Table.Th>
                    <Table.Th scope="col">{t('changes.before')}</Table.Th>
                    <Table.Th scope="col">{t('changes.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((f) => (
                    <Table.Tr key={f.path}>
                      <Table.Td>{c.itemId === null ? fieldLabel(f.path) : goodsItemFieldLabel(f.path)}</Table.Td>
                      <Table.Td>{showValue(f.before)}</Table.Td>
                      <Table.Td>{showValue(f.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
