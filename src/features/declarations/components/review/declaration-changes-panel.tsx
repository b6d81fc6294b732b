import { Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fieldLabel, goodsItemFieldLabel } from '../../../../contract/field-labels';
import { ProblemAlert } from '../../../../components/problem-alert';
import { declarationChangesQueryOptions } from '../../api/review.queries';
import { changedFields, showValue } from '../../model/review/changed-fields';
import { formatDateTime } from '../../../../lib/format';

const WHAT: Record<string, string> = {
  'PATCH /v1/declarations/{declarationId}': 'Header changed',
  'POST /v1/declarations/{declarationId}/items': 'Goods item added',
  'PATCH /v1/declarations/{declarationId}/items/{id}': 'Goods item changed',
  'DELETE /v1/declarations/{declarationId}/items/{id}': 'Goods item deleted',
};

/** "What changed": each header or goods item change made through the console, who and when, fields before and after side by side. */
export function DeclarationChangesPanel({ declarationId }: { declarationId: string }) {
  const changes = useQuery(declarationChangesQueryOptions(declarationId));
  if (changes.isError)
    return <ProblemAlert error={changes.error} title="The changes could not be loaded" onRetry={() => void changes.refetch()} />;
  if (!changes.data?.length) return <Text size="sm">No changes made through the console.</Text>;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Changes made through the console">
      {changes.data.map((c) => {
        const fields = changedFields(c.sent, c.before, c.itemId === null);
        return (
          <Card component="li" key={c.id} withBorder padding="sm">
            <Text size="sm" fw={600}>
              {WHAT[c.operation] ?? c.operation}
              {c.itemId ? ` (${c.itemId})` : ''} · {c.authorName} · <time dateTime={c.changedAt}>{formatDateTime(c.changedAt)}</time>
              {c.upstreamStatus !== 202 && c.upstreamStatus !== null ? ` · refused (${c.upstreamStatus})` : ''}
            </Text>
            {fields.length > 0 && (
              <Table mt="xs" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Field</Table.Th>
                    <Table.Th scope="col">Before</Table.Th>
                    <Table.Th scope="col">After</Table.Th>
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
