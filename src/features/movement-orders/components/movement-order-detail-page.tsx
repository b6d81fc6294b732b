import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CopyableIdentifier } from '../../../components/copyable-identifier';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MESSAGE_TAGS } from '../../../components/message-tags';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { ApiError } from '../../../lib/api-client';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { useConsoleSession } from '../../../lib/session/session-context';
import { movementOrderKeys, movementOrderQueryOptions } from '../api/movement-orders.queries';
import { movementOrderEventData } from '../model/live-orders';
import { rememberRecentId } from '../model/recent-ids';
import { LinesTable } from './lines-table';
import { MovementOrderHeader } from './movement-order-header';
import { ValidationErrors } from './validation-errors';
import { WriteOffRules } from './write-off-rules';

export function MovementOrderDetailPage({ id }: { id: string }) {
  const { t, rich } = useTranslation('movementOrders');
  const queryClient = useQueryClient();
  const query = useQuery(movementOrderQueryOptions(id));
  const found = query.isSuccess;
  const { storage } = useConsoleSession();

  useEffect(() => {
    if (found) rememberRecentId(storage, id);
  }, [found, id, storage]);

  // The read model has no version to poll against: a status change event is the cue to read again.
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (movementOrderEventData(event)?.id === id) void queryClient.invalidateQueries({ queryKey: movementOrderKeys.detail(id) });
      }),
    [id, queryClient],
  );

  const back = (
    <AnchorLink to="/movement-orders" size="sm">
      {t('back')}
    </AnchorLink>
  );

  if (query.isPending) {
    return (
      <Stack aria-busy="true" aria-label={t('detail.loading')}>
        {back}
        <Skeleton height={32} width="50%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack>
        {back}
        <Title order={1}>{t('detail.title')}</Title>
        {notFound ? (
          // No Alert title: Mantine's orange title shade is below WCAG AA contrast on its light background.
          <Alert color="orange" role="alert">
            <Text fw={700}>{t('detail.notFound')}</Text>
            {rich('detail.notFoundText', { id }, MESSAGE_TAGS)}
          </Alert>
        ) : (
          <ProblemAlert error={query.error} title={t('detail.notLoaded')} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    );
  }

  const order = query.data;
  const errors = order.validationErrors ?? [];
  return (
    <Stack>
      {back}
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('detail.titleOf', { reference: order.externalReference })}</Title>
        <Text c="dimmed" size="sm" component="div">
          {t('detail.id')} <CopyableIdentifier label={t('detail.idName')} value={order.id} />
        </Text>
      </Group>
      <MovementOrderHeader order={order} />
      {errors.length > 0 && <ValidationErrors errors={errors} />}
      <section aria-labelledby="lines-heading">
        <Title order={2} size="h3" id="lines-heading" mb="xs">
          {t('detail.lines', { count: String(order.lines.length) })}
        </Title>
        <LinesTable lines={order.lines} />
      </section>
      <section aria-labelledby="write-off-heading">
        <Title order={2} size="h3" id="write-off-heading" mb="xs">
          {t('writeOff.title')}
        </Title>
        <WriteOffRules rules={order.writeOffRules ?? []} />
      </section>
    </Stack>
  );
}
