import { Button, Group, Modal, Text } from '@mantine/core';

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
export function ConfirmDiscardModal({
  opened,
  title = 'Discard unsaved changes?',
  message = 'Your changes have not been saved. If you continue, they are lost.',
  confirmLabel = 'Discard changes',
  cancelLabel = 'Keep editing',
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
          {cancelLabel}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
