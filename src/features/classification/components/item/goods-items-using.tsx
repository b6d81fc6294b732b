import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../../components/anchor-link';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatCommodityCode } from '../../../../contract/tariff';
import { goodsItemsOfClassificationQueryOptions } from '../../api/classification.queries';

/** "Goods items using this description": declarations' goods items with the item's reference as article id, or its description. */
export function GoodsItemsUsing({ itemId }: { itemId: string }) {
  const { t } = useTranslation('classification');
  const query = useQuery(goodsItemsOfClassificationQueryOptions(itemId));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="goods-items-using-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="goods-items-using-heading">
          {t('goodsItems.title')}
        </Title>
        {query.isPending ? (
          <Loader size="sm" role="status" aria-label={t('goodsItems.looking')} />
        ) : query.isError ? (
          <ProblemAlert error={query.error} title={t('goodsItems.lookupFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t(query.data.complete ? 'goodsItems.scannedAll' : 'goodsItems.scannedLatest', { scanned: query.data.scanned })}
            </Text>
            {query.data.matches.length === 0 ? (
              <Text size="sm">{t('goodsItems.none')}</Text>
            ) : (
              <Table striped aria-label={t('goodsItems.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('goodsItems.declaration')}</Table.Th>
                    <Table.Th scope="col">{t('goodsItems.status')}</Table.Th>
                    <Table.Th scope="col">{t('goodsItems.goodsItem')}</Table.Th>
                    <Table.Th scope="col">{t('goodsItems.code')}</Table.Th>
                    <Table.Th scope="col">{t('goodsItems.linkedBy')}</Table.Th>
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
                            {t('goodsItems.goodsItemNumber', { number: g.sequenceNumber })}
                          </AnchorLink>
                          {g.description ? ` ${g.description}` : ''}
                        </Table.Td>
                        <Table.Td>{g.code ? formatCommodityCode(g.code) : '—'}</Table.Td>
                        <Table.Td>{g.by === 'reference' ? t('goodsItems.byReference') : t('goodsItems.byDescription')}</Table.Td>
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
