import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation';

interface Props {
  opened: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** While the question fades out it lets clicks through, so a click right after "Keep editing" reaches the page (or the drawer's outside area) under it. */
const CLOSING_STYLES = { overlay: { pointerEvents: 'none' }, content: { pointerEvents: 'none' } } as const;

/** "You have unsaved changes": the one confirmation for closing an editor, leaving a page and signing out with unsent drafts. */
export function ConfirmDiscardModal({ opened, title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title ?? t('components.discard.title')}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t('components.discard.close') }}
      styles={opened ? undefined : CLOSING_STYLES}
    >
      <Text size="sm">{message ?? t('components.discard.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel ?? t('components.discard.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {confirmLabel ?? t('components.discard.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
