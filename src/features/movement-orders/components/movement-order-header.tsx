import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MovementOrder } from '../../../contract/movement-orders';
import { MOVEMENT_ORDER_STATUS_LOOKS, categoryLabel, customsDestinationLabel, movementTypeLabel } from '../model/status-meanings';
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

export function MovementOrderHeader({ order }: { order: MovementOrder }) {
  const adjustment = order.adjustmentData;
  return (
    <Stack gap="sm">
      <div>
        <MovementOrderStatusBadge status={order.status} />
        <Text mt={4}>{MOVEMENT_ORDER_STATUS_LOOKS[order.status].meaning}</Text>
      </div>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          gap: 'var(--mantine-spacing-sm)',
          margin: 0,
        }}
      >
        <Field label="Type">{movementTypeLabel(order.type)}</Field>
        {order.externalMovementType && <Field label="External movement type">{order.externalMovementType}</Field>}
        <Field label="External reference">{order.externalReference}</Field>
        <Field label="Document reference">{dash(order.documentReference)}</Field>
        <Field label="Category">{order.category ? categoryLabel(order.category) : '—'}</Field>
        <Field label="Customs destination">{order.customsDestination ? customsDestinationLabel(order.customsDestination) : '—'}</Field>
        <Field label="Timestamp">
          <time dateTime={order.timestamp}>{formatDateTime(order.timestamp)}</time>
        </Field>
        {order.referenceId && (
          <Field label="Ingestion reference">
            <CopyableIdentifier label="ingestion reference" value={order.referenceId} />
          </Field>
        )}
        <Field label="Remark">{dash(order.remark)}</Field>
        <Field label="Adjustment data">
          {adjustment
            ? `ARC ${dash(adjustment.administrativeReferenceCode)}, sequence ${dash(adjustment.arcSequenceNumber)}, document ${dash(adjustment.docRefNum)}`
            : '—'}
        </Field>
      </dl>
    </Stack>
  );
}
