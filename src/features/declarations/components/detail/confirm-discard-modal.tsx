import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** While the question fades out it lets clicks through, so a click right after "Keep editing" reaches the page (or the drawer's outside area) under it. */
const CLOSING_STYLES = { overlay: { pointerEvents: 'none' }, content: { pointerEvents: 'none' } } as const;

/** "You have unsaved changes": the one confirmation for closing the item editor and for leaving the page. */
export function ConfirmDiscardModal({
  opened,
  title = 'Discard unsaved changes?',
  message = 'Your changes have not been saved. If you continue, they are lost.',
  confirmLabel = 'Discard changes',
  onConfirm,
  onCancel,
}: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      styles={opened ? undefined : CLOSING_STYLES}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
