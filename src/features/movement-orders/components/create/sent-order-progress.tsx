import { Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../../components/anchor-link';
import { STATUSES_WITH_ERRORS, type MovementOrderStatus } from '../../../../contract/movement-orders';
import { subscribeLiveEvents } from '../../../../lib/live-events';
import { movementOrderKeys, movementOrderQueryOptions } from '../../api/movement-orders.queries';
import { movementOrderEventData } from '../../model/live-orders';
import { MovementOrderStatusBadge } from '../movement-order-status-badge';
import { ValidationErrors } from '../validation-errors';

/** Statuses that move on by themselves: the order is read again until it leaves them. */
const MOVING: readonly MovementOrderStatus[] = ['Submitted', 'Valid', 'Invalidating'];
const POLL_MS = 3000;
/** A status still to come, after the last one seen. */
const MORE = '→ …';

/** The sandbox names a message's orders {referenceId}-{n}, n the movement's position from 1 (README). */
export const movementOrderIds = (referenceId: string, movements: number): string[] =>
  Array.from({ length: movements }, (_, i) => `${referenceId}-${i + 1}`);

/** One sent order followed live to Valid, Invalid, Processed ...: each status as it came, and the validation errors. */
function OrderProgress({ id, externalReference }: { id: string; externalReference: string }) {
  const { t } = useTranslation('movementOrders');
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState<readonly MovementOrderStatus[]>([]);
  const query = useQuery({
    ...movementOrderQueryOptions(id),
    // Live events are the cue; reading again covers a live connection that is down (and a 404 before the order exists).
    refetchInterval: (q) => (q.state.data === undefined || MOVING.includes(q.state.data.status) ? POLL_MS : false),
    retry: false,
  });
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        const data = movementOrderEventData(event);
        if (data?.id !== id) return;
        setSeen((s) => (s.includes(data.status) ? s : [...s, data.status]));
        void queryClient.invalidateQueries({ queryKey: movementOrderKeys.detail(id) });
      }),
    [id, queryClient],
  );
  const status = query.data?.status;
  const steps = status && !seen.includes(status) ? [...seen, status] : seen;
  const errors = query.data && STATUSES_WITH_ERRORS.includes(query.data.status) ? (query.data.validationErrors ?? []) : [];
  return (
    <List.Item data-testid="sent-order">
      <Stack gap={4}>
        <Group gap="xs">
          <AnchorLink to="/movement-orders/$id" params={{ id }}>
            {externalReference}
          </AnchorLink>
          <Text size="sm" c="dimmed">
            {id}
          </Text>
        </Group>
        <Group gap={6} aria-label={t('sent.statusOf', { reference: externalReference })} role="group">
          {steps.length === 0 && <Text size="sm">{t('sent.waiting')}</Text>}
          {steps.map((s, i) => (
            <Group key={s} gap={6}>
              {i > 0 && <span aria-hidden="true">→</span>}
              <MovementOrderStatusBadge status={s} />
            </Group>
          ))}
          {status && MOVING.includes(status) && (
            <Text size="sm" c="dimmed">
              {MORE}
            </Text>
          )}
        </Group>
        {errors.length > 0 && <ValidationErrors errors={errors} />}
      </Stack>
    </List.Item>
  );
}

/** After the 202: the ingestion's reference and each of its orders followed live. */
export function SentOrderProgress({ referenceId, externalReferences }: { referenceId: string; externalReferences: readonly string[] }) {
  const { t } = useTranslation('movementOrders');
  const ids = movementOrderIds(referenceId, externalReferences.length);
  return (
    <Paper withBorder p="md" role="status" aria-labelledby="sent-order-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="sent-order-heading">
          {t('sent.title')}
        </Title>
        <Text size="sm">{t('sent.text', { reference: referenceId })}</Text>
        <List spacing="xs">
          {ids.map((id, i) => (
            <OrderProgress key={id} id={id} externalReference={externalReferences[i] ?? id} />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
