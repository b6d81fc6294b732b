import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { DECLARATION_SCAN_LIMIT } from '../../../contract/classification-links';
import { formatCommodityCode } from '../../../contract/tariff';
import { tariffUsageQueryOptions } from '../api/tariff.queries';

const scope = (scanned: number, complete: boolean, what: string) =>
  complete ? `all ${scanned} ${what}` : `the latest ${scanned} ${what} (of more; the service cannot search by code)`;

/** Where a code is used: declarations' goods items and, for analysts, classification items' assigned codes. */
export function TariffUsage({ code }: { code: string }) {
  const query = useQuery(tariffUsageQueryOptions(code));
  const shown = formatCommodityCode(code);
  return (
    <section aria-labelledby="tariff-usage-heading">
      <Title order={2} size="h3" id="tariff-usage-heading">
        Used in
      </Title>
      {query.isPending ? (
        <Loader size="sm" aria-label={`Looking for ${shown} in declarations (up to ${DECLARATION_SCAN_LIMIT})`} />
      ) : query.isError ? (
        <ProblemAlert error={query.error} title="Where the code is used could not be read" onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              Declarations
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              Goods items declared under {shown}, among{' '}
              {scope(query.data.declarations.scanned, query.data.declarations.complete, 'declarations')}.
            </Text>
            {query.data.declarations.matches.length === 0 ? (
              <Text size="sm">None.</Text>
            ) : (
              <Table striped aria-label="Declarations using the code">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">LRN</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Goods items</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.declarations.matches.map((d) => (
                    <Table.Tr key={d.declarationId}>
                      <Table.Td>
                        <AnchorLink to="/declarations/$declarationId" params={{ declarationId: d.declarationId }}>
                          {d.lrn}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>{d.currentStatus}</Table.Td>
                      <Table.Td>
                        {d.items
                          .map((i) => `${i.sequenceNumber}: ${formatCommodityCode(i.code)}${i.description ? ` ${i.description}` : ''}`)
                          .join('; ')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
          {query.data.classificationItems && (
            <div>
              <Title order={3} size="h4">
                Classification items
              </Title>
              <Text size="sm" c="dimmed" mb="xs">
                Items with an assigned code under {shown}, among{' '}
                {scope(query.data.classificationItems.scanned, query.data.classificationItems.complete, 'items')}.
              </Text>
              {query.data.classificationItems.matches.length === 0 ? (
                <Text size="sm">None.</Text>
              ) : (
                <Table striped aria-label="Classification items using the code">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">External reference</Table.Th>
                      <Table.Th scope="col">Description</Table.Th>
                      <Table.Th scope="col">Assigned codes</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {query.data.classificationItems.matches.map((i) => (
                      <Table.Tr key={i.itemId}>
                        <Table.Td>
                          <AnchorLink to="/classification/items/$itemId" params={{ itemId: i.itemId }}>
                            {i.externalReference}
                          </AnchorLink>
                        </Table.Td>
                        <Table.Td>{i.description ?? '—'}</Table.Td>
                        <Table.Td>{i.codes.map((c) => `${c.jurisdiction} ${formatCommodityCode(c.code)}`).join(', ')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </div>
          )}
        </Stack>
      )}
    </section>
  );
}
