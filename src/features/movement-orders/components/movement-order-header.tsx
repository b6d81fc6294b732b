import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { MovementOrder } from '../../../contract/movement-orders';
import { categoryLabel, customsDestinationLabel, movementTypeLabel } from '../model/status-meanings';
import { MovementOrderStatusBadge } from './movement-order-status-badge';
import { formatDateTime } from '../../../lib/format';
import { CopyableIdentifier } from '../../../components/copyable-identifier';

const dash = (value: string | number | undefined) => (value === undefined || value === '' ? '—' : String(value));

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** The order's fields; code-list meanings exist only in English and are marked so. */
export function MovementOrderHeader({ order }: { order: MovementOrder }) {
  const { t } = useTranslation('movementOrders');
  const adjustment = order.adjustmentData;
  const category = order.category ? categoryLabel(order.category) : undefined;
  return (
    <Stack gap="sm">
      <div>
        <MovementOrderStatusBadge status={order.status} />
        <Text mt={4}>{t(`status.${order.status}`)}</Text>
      </div>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          gap: 'var(--mantine-spacing-sm)',
          margin: 0,
        }}
      >
        <Field label={t('header.type')}>
          <span lang="en">{movementTypeLabel(order.type)}</span>
        </Field>
        {order.externalMovementType && <Field label={t('header.externalMovementType')}>{order.externalMovementType}</Field>}
        <Field label={t('header.externalReference')}>{order.externalReference}</Field>
        <Field label={t('header.documentReference')}>{dash(order.documentReference)}</Field>
        <Field label={t('header.category')}>
          {category ? (
            <>
              <span lang="en">{category.label}</span>
              {category.column !== undefined && ` ${t('header.registerColumn', { column: category.column })}`}
            </>
          ) : (
            '—'
          )}
        </Field>
        <Field label={t('header.customsDestination')}>
          {order.customsDestination ? <span lang="en">{customsDestinationLabel(order.customsDestination)}</span> : '—'}
        </Field>
        <Field label={t('header.timestamp')}>
          <time dateTime={order.timestamp}>{formatDateTime(order.timestamp)}</time>
        </Field>
        {order.referenceId && (
          <Field label={t('header.ingestionReference')}>
            <CopyableIdentifier label={t('header.ingestionReferenceName')} value={order.referenceId} />
          </Field>
        )}
        <Field label={t('header.remark')}>{dash(order.remark)}</Field>
        <Field label={t('header.adjustmentData')}>
          {adjustment
            ? t('header.adjustment', {
                arc: dash(adjustment.administrativeReferenceCode),
                sequence: dash(adjustment.arcSequenceNumber),
                document: dash(adjustment.docRefNum),
              })
            : '—'}
        </Field>
      </dl>
    </Stack>
  );
}
