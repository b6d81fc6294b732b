import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatCommodityCode } from '../../../contract/tariff';
import { formatQuantity } from '../../../lib/format';
import { tariffSearchQueryOptions } from '../../../lib/tariff-queries';

const RESULTS = 25;

/** Search results: the CN lines the words name (or the codes under a prefix), each with its heading. */
export function TariffSearchResults({ q }: { q: string }) {
  const { t } = useTranslation('tariff');
  const query = useQuery(tariffSearchQueryOptions(q, RESULTS));
  if (query.isPending) return <Loader size="sm" aria-label={t('search.searching')} />;
  if (query.isError) return <ProblemAlert error={query.error} title={t('search.failed')} onRetry={() => void query.refetch()} />;
  const { hits, by } = query.data;
  if (hits.length === 0) {
    return (
      <Alert color="gray" title={t('search.noMatchTitle')}>
        {t('search.noMatchText', { q })}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(by === 'code' ? 'search.byCode' : 'search.byWords', { q, count: formatQuantity(hits.length) })}
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('search.code')}</Table.Th>
            <Table.Th scope="col">{t('search.description')}</Table.Th>
            <Table.Th scope="col">{t('search.under')}</Table.Th>
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
              <Table.Td lang="en">{h.node.description}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lang="en">
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
