import { useBlocker } from '@tanstack/react-router';
import { ConfirmDiscardModal } from '../../../../components/confirm-discard-modal';

interface Props {
  dirty: boolean;
  /** True once for a navigation the page makes itself (opening or closing the item editor). */
  consumeAllowance: () => boolean;
}

/** Leaving the page (link, Back, reload, closing the tab) with unsaved edits asks first. */
export function UnsavedChangesGuard({ dirty, consumeAllowance }: Props) {
  const blocker = useBlocker({
    shouldBlockFn: () => !consumeAllowance() && dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  return (
    <ConfirmDiscardModal
      opened={blocker.status === 'blocked'}
      title="Leave with unsaved changes?"
      message="You have changes on this declaration that have not been saved. If you leave, they are lost."
      confirmLabel="Leave and discard"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
