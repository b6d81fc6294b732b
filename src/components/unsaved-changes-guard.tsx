import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n/use-translation';
import { ConfirmDiscardModal } from './confirm-discard-modal';

interface Props {
  dirty: boolean;
  /** What is lost, e.g. "changes on this declaration", in the user's language. */
  what?: string;
  /** True once for a navigation the page makes itself (opening or closing an editor, going to what was just saved). */
  consumeAllowance?: () => boolean;
}

/** Leaving an editor with unsaved changes (link, Back, Forward, reload, closing the tab) asks first. */
export function UnsavedChangesGuard({ dirty, what, consumeAllowance }: Props) {
  const { t } = useTranslation();
  const blocker = useBlocker({
    shouldBlockFn: () => !(consumeAllowance?.() ?? false) && dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  return (
    <ConfirmDiscardModal
      opened={blocker.status === 'blocked'}
      title={t('components.leave.title')}
      message={t('components.leave.message', { what: what ?? t('components.leave.changes') })}
      confirmLabel={t('components.leave.confirm')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
