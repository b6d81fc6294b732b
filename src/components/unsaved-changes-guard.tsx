import { useBlocker } from '@tanstack/react-router';
import { ConfirmDiscardModal } from './confirm-discard-modal';

interface Props {
  dirty: boolean;
  /** What is lost, e.g. "changes on this declaration". */
  what?: string;
  /** True once for a navigation the page makes itself (opening or closing an editor, going to what was just saved). */
  consumeAllowance?: () => boolean;
}

/** Leaving an editor with unsaved changes (link, Back, Forward, reload, closing the tab) asks first. */
export function UnsavedChangesGuard({ dirty, what = 'changes', consumeAllowance }: Props) {
  const blocker = useBlocker({
    shouldBlockFn: () => !(consumeAllowance?.() ?? false) && dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  return (
    <ConfirmDiscardModal
      opened={blocker.status === 'blocked'}
      title="Leave with unsaved changes?"
      message={`You have ${what} that have not been saved. If you leave, they are lost.`}
      confirmLabel="Leave and discard"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
