import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { DECLARATION_SCAN_LIMIT } from '../../../contract/classification-links';
import { formatCommodityCode } from '../../../contract/tariff';
import { formatQuantity } from '../../../lib/format';
import { tariffUsageQueryOptions } from '../api/tariff.queries';

/** The arguments of "among all 120 declarations" / "among the latest 500 ... (of more)". */
const scope = (scanned: number, complete: boolean) => ({ scanned: formatQuantity(scanned), complete: complete ? 'yes' : 'no' });

/** Where a code is used: declarations' goods items and, for analysts, classification items' assigned codes. */
export function TariffUsage({ code }: { code: string }) {
  const { t } = useTranslation('tariff');
  const query = useQuery(tariffUsageQueryOptions(code));
  const shown = formatCommodityCode(code);
  return (
    <section aria-labelledby="tariff-usage-heading">
      <Title order={2} size="h3" id="tariff-usage-heading">
        {t('usage.heading')}
      </Title>
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label={t('usage.loading', { code: shown, limit: formatQuantity(DECLARATION_SCAN_LIMIT) })} />
      ) : query.isError ? (
        <ProblemAlert error={query.error} title={t('usage.failed')} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              {t('usage.declarations')}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t('usage.declarationsScope', { code: shown, ...scope(query.data.declarations.scanned, query.data.declarations.complete) })}
            </Text>
            {query.data.declarations.matches.length === 0 ? (
              <Text size="sm">{t('usage.none')}</Text>
            ) : (
              <Table striped aria-label={t('usage.declarationsTable')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('usage.lrn')}</Table.Th>
                    <Table.Th scope="col">{t('usage.status')}</Table.Th>
                    <Table.Th scope="col">{t('usage.goodsItems')}</Table.Th>
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
                {t('usage.classificationItems')}
              </Title>
              <Text size="sm" c="dimmed" mb="xs">
                {t('usage.itemsScope', {
                  code: shown,
                  ...scope(query.data.classificationItems.scanned, query.data.classificationItems.complete),
                })}
              </Text>
              {query.data.classificationItems.matches.length === 0 ? (
                <Text size="sm">{t('usage.none')}</Text>
              ) : (
                <Table striped aria-label={t('usage.itemsTable')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('usage.externalReference')}</Table.Th>
                      <Table.Th scope="col">{t('usage.description')}</Table.Th>
                      <Table.Th scope="col">{t('usage.assignedCodes')}</Table.Th>
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
