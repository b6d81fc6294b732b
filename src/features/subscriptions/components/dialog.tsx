import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';

interface Props {
  title: string;
  onClose: () => void;
  size?: string;
  children: ReactNode;
}

/**
 * A Mantine modal whose header is not a second banner landmark (axe: landmark-no-duplicate-banner)
 * and whose close button has a name. Titled: Mantine links the title with aria-labelledby.
 */
export function Dialog({ title, onClose, size, children }: Props) {
  const { t } = useTranslation('subscriptions');
  return (
    <Modal.Root opened onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="presentation">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('closeDialog')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
