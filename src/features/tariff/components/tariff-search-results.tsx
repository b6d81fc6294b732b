import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatCommodityCode } from '../../../contract/tariff';
import { tariffSearchQueryOptions } from '../../../lib/tariff-queries';

const RESULTS = 25;

/** Search results: the CN lines the words name (or the codes under a prefix), each with its heading. */
export function TariffSearchResults({ q }: { q: string }) {
  const query = useQuery(tariffSearchQueryOptions(q, RESULTS));
  if (query.isPending) return <Loader size="sm" aria-label="Searching the tariff" />;
  if (query.isError) return <ProblemAlert error={query.error} title="The search failed" onRetry={() => void query.refetch()} />;
  const { hits, by } = query.data;
  if (hits.length === 0) {
    return (
      <Alert color="gray" title="No match">
        Nothing in the CN 2026 matches “{q}”. Try fewer or other words (what the goods are, their material), or the first digits of a code.
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {by === 'code' ? `Codes starting with ${q}` : `Best matches for “${q}”`}: {hits.length}
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col">Under</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hits.map((h) => (
            <Table.Tr key={h.node.code}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                <AnchorLink to="/tariff/$code" params={{ code: h.node.code }}>
                  {formatCommodityCode(h.node.code)}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{h.node.description}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {h.context.map((c) => c.description).join(' › ')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
