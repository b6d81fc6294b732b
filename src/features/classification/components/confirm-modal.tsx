import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ClassificationError } from './analyst-only';

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no dialog for destructive or paid actions; the safe choice has the focus. */
export function ConfirmModal({ opened, title, children, confirmLabel, color = 'red', pending, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation('classification');
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('closeDialog') }}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {error !== null && error !== undefined && (
          <ClassificationError error={error} title={t('confirm.failed', { label: confirmLabel })} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
