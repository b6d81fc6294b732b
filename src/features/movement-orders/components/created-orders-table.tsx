import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { createdMovementOrdersQueryOptions, movementOrderKeys, movementOrderQueryOptions } from '../api/movement-orders.queries';
import { movementOrderIds } from './create/sent-order-progress';
import { movementOrderEventData } from '../model/live-orders';
import { MovementOrderStatusBadge } from './movement-order-status-badge';
import { formatDateTime, formatQuantity } from '../../../lib/format';

/** The current status of one order, read from the service (the list itself only knows what was sent). */
function OrderStatus({ id, externalReference }: { id: string; externalReference: string }) {
  const { t } = useTranslation('movementOrders');
  const query = useQuery({ ...movementOrderQueryOptions(id), retry: false });
  return (
    <Text component="div" size="sm">
      <AnchorLink to="/movement-orders/$id" params={{ id }}>
        {externalReference}
      </AnchorLink>{' '}
      {query.data ? (
        <MovementOrderStatusBadge status={query.data.status} />
      ) : query.isError ? (
        <Text span c="dimmed" size="sm">
          {t('created.statusUnavailable')}
        </Text>
      ) : (
        <Text span c="dimmed" size="sm">
          …
        </Text>
      )}
    </Text>
  );
}

/** Movement order messages sent from this console (kept by the BFF), with each order's current status, live. */
export function CreatedOrdersTable() {
  const { t } = useTranslation('movementOrders');
  const queryClient = useQueryClient();
  const query = useQuery(createdMovementOrdersQueryOptions());
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        const data = movementOrderEventData(event);
        if (data) void queryClient.invalidateQueries({ queryKey: movementOrderKeys.detail(data.id) });
      }),
    [queryClient],
  );

  if (query.isPending) return <Skeleton height={80} aria-label={t('created.loading')} />;
  if (query.isError) return <ProblemAlert error={query.error} title={t('created.notLoaded')} onRetry={() => void query.refetch()} />;
  const orders = query.data.orders;
  if (orders.length === 0) return <Text c="dimmed">{t('created.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t('created.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('created.sent')}</Table.Th>
            <Table.Th scope="col">{t('created.by')}</Table.Th>
            <Table.Th scope="col">{t('created.types')}</Table.Th>
            <Table.Th scope="col">{t('created.lines')}</Table.Th>
            <Table.Th scope="col">{t('created.ordersAndStatus')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.referenceId}>
              <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
              <Table.Td>{o.name}</Table.Td>
              <Table.Td>{o.movementTypes.join(', ') || '—'}</Table.Td>
              <Table.Td>{formatQuantity(o.lineCount)}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {movementOrderIds(o.referenceId, o.externalReferences.length).map((id, i) => (
                    <OrderStatus key={id} id={id} externalReference={o.externalReferences[i] ?? id} />
                  ))}
                  {o.externalReferences.length === 0 && <Text size="sm">{t('created.reference', { reference: o.referenceId })}</Text>}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
