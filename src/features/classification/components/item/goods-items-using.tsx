import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../../components/anchor-link';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatCommodityCode } from '../../../../contract/tariff';
import { goodsItemsOfClassificationQueryOptions } from '../../api/classification.queries';

const BY = { reference: 'article or reference', description: 'same description' } as const;

/** "Goods items using this description": declarations' goods items with the item's reference as article id, or its description. */
export function GoodsItemsUsing({ itemId }: { itemId: string }) {
  const query = useQuery(goodsItemsOfClassificationQueryOptions(itemId));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="goods-items-using-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="goods-items-using-heading">
          Goods items using this description
        </Title>
        {query.isPending ? (
          <Loader size="sm" role="status" aria-label="Looking for goods items in the latest declarations" />
        ) : query.isError ? (
          <ProblemAlert error={query.error} title="The goods items could not be looked up" onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Goods items whose article id is this item’s reference, or with the same description, among{' '}
              {query.data.complete ? `all ${query.data.scanned}` : `the latest ${query.data.scanned}`} declarations
              {query.data.complete ? '' : ' (the service cannot search by goods item; a later visit reads further)'}.
            </Text>
            {query.data.matches.length === 0 ? (
              <Text size="sm">None.</Text>
            ) : (
              <Table striped aria-label="Goods items using this description">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Declaration</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Goods item</Table.Th>
                    <Table.Th scope="col">Code</Table.Th>
                    <Table.Th scope="col">Linked by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.matches.flatMap((d) =>
                    d.items.map((g) => (
                      <Table.Tr key={g.governmentAgencyGoodsItemId}>
                        <Table.Td>
                          <AnchorLink to="/declarations/$declarationId" params={{ declarationId: d.declarationId }}>
                            {d.lrn}
                          </AnchorLink>
                        </Table.Td>
                        <Table.Td>{d.currentStatus}</Table.Td>
                        <Table.Td>
                          <AnchorLink
                            to="/declarations/$declarationId"
                            params={{ declarationId: d.declarationId }}
                            search={{ item: g.governmentAgencyGoodsItemId }}
                          >
                            {`Goods item ${g.sequenceNumber}`}
                          </AnchorLink>
                          {g.description ? ` ${g.description}` : ''}
                        </Table.Td>
                        <Table.Td>{g.code ? formatCommodityCode(g.code) : '—'}</Table.Td>
                        <Table.Td>{BY[g.by]}</Table.Td>
                      </Table.Tr>
                    )),
                  )}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
