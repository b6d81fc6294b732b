import { Button, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { approvalHeldSchema } from '../../../../contract/approvals';
import type { ConsoleConfig } from '../../../../contract/console-config';
import type { DeclarationAction } from '../../../../contract/declaration-actions';
import type { Declaration } from '../../../../contract/declarations';
import type { Role } from '../../../../contract/user-claims';
import { DeclarationReviewSummary } from '../../../../components/declaration-review-summary';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { useMissingScope } from '../../../../lib/scope-gate';
import { useDeclarationAction } from '../../api/declarations.mutations';
import { ActionDialogBody, isFormAction, WIDE_DIALOGS } from './action-dialog-body';
import { declarationName } from '../../model/actions/action-dialog-props';
import { actionsFor } from '../../model/actions/action-availability';
import { RunActionDialog } from './run-action-dialog';

export interface DeclarationActionsMenuProps {
  declaration: Declaration;
  roles: Role[];
  /** After a 202 (accepted, not done): the page shows "awaiting outcome". */
  onAccepted: (action: DeclarationAction) => void;
  /** After a 202 that held the call for approval (nothing was sent): the page shows "awaiting approval". */
  onHeld?: (action: DeclarationAction) => void;
  /** Submit asks for confirmation in PRODUCTION; without this prop it always asks (the safe side). */
  environment?: ConsoleConfig['environment'];
}

interface DialogState {
  action: DeclarationAction;
  opened: boolean;
}

/**
 * The declaration's actions: only those its status AND the user's role allow are listed (the
 * others are hidden, never disabled, so keyboard and screen reader users meet the same list),
 * each with its one-line precondition.
 */
export function DeclarationActionsMenu({
  declaration,
  roles,
  onAccepted,
  onHeld,
  environment = 'PRODUCTION',
}: DeclarationActionsMenuProps) {
  const { t } = useTranslation('actions');
  const available = actionsFor(declaration, roles).filter((a) => a.available);
  // Every declaration action needs create:messages: without it, the menu is shown disabled, saying why.
  const missingScope = useMissingScope('create:messages');
  const [dialog, setDialog] = useState<DialogState | undefined>(undefined);
  // Bumped to remount a dialog's form from scratch (Discard draft).
  const [formKey, setFormKey] = useState(0);
  const run = useDeclarationAction(declaration.declarationId);
  // The menu item that opened the dialog is gone when it closes: focus goes back to the menu
  // (or to the note that replaced it when the new status leaves no action).
  const target = useRef<HTMLButtonElement>(null);
  const none = useRef<HTMLParagraphElement>(null);
  const returnFocus = () => (target.current ?? none.current)?.focus();

  const close = () => setDialog((d) => d && { ...d, opened: false });
  const accepted = (action: DeclarationAction, answer?: unknown) => {
    close();
    // Held by the four-eyes policy: nothing went to the service, so there is no outcome to await.
    if (approvalHeldSchema.safeParse(answer).success) onHeld?.(action);
    else onAccepted(action);
  };
  // Every Submit is reviewed first (totals, parties, the declaration statement); production says so louder.
  const production = environment === 'PRODUCTION';
  const runNow = (action: DeclarationAction) =>
    run.mutate(
      { action },
      {
        onSuccess: (answer) => accepted(action, answer),
        // The failure is shown in the action's dialog, with Retry.
        onError: () => setDialog({ action, opened: true }),
      },
    );
  const choose = (action: DeclarationAction) => {
    run.reset();
    if (isFormAction(action) || action === 'submit') setDialog({ action, opened: true });
    else runNow(action);
  };

  const shown = dialog?.action;
  return (
    <>
      {available.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-declaration-actions" ref={none} tabIndex={-1}>
          {t('menu.none', { status: declaration.currentStatus })}
        </Text>
      ) : missingScope ? (
        <ScopeGatedButton missing={missingScope} rightSection={<IconChevronDown size={16} aria-hidden />}>
          {t('menu.button')}
        </ScopeGatedButton>
      ) : (
        // No initial-focus placeholder: its role=presentation div is a child a menu may not own (axe aria-required-children).
        <Menu position="bottom-end" width={360} returnFocus withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button
              ref={target}
              rightSection={<IconChevronDown size={16} aria-hidden />}
              loading={run.isPending && dialog?.opened !== true}
            >
              {t('menu.button')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={t('menu.label')}>
            {available.map(({ action }) => (
              <Menu.Item key={action} onClick={() => choose(action)}>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {t(`names.${action}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`preconditions.${action}`)}
                  </Text>
                </Stack>
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Label>{t('menu.notListed')}</Menu.Label>
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal.Root
        opened={dialog?.opened ?? false}
        onClose={close}
        onExitTransitionEnd={() => {
          setDialog((d) => (d?.opened ? d : undefined));
          returnFocus();
        }}
        returnFocus={false}
        size={shown && WIDE_DIALOGS.includes(shown) ? 'xl' : 'lg'}
        closeOnClickOutside={false}
      >
        <Modal.Overlay />
        <Modal.Content>
          {/* A dialog's header is not the page's banner landmark. */}
          <Modal.Header role="presentation">
            <Modal.Title>{shown === 'submit' ? t('menu.reviewSubmit') : shown ? t(`names.${shown}`) : ''}</Modal.Title>
            <Modal.CloseButton aria-label={t('menu.close')} />
          </Modal.Header>
          <Modal.Body>
            {shown &&
              (isFormAction(shown) ? (
                <ActionDialogBody
                  key={formKey}
                  action={shown}
                  declaration={declaration}
                  onAccepted={(answer) => accepted(shown, answer)}
                  onCancel={close}
                  onRestart={() => setFormKey((k) => k + 1)}
                />
              ) : (
                <RunActionDialog
                  action={shown}
                  confirmation={
                    shown !== 'submit'
                      ? undefined
                      : production
                        ? t('menu.production', { name: declarationName(declaration) })
                        : t('menu.check', { name: declarationName(declaration) })
                  }
                  review={shown === 'submit' ? <DeclarationReviewSummary declaration={declaration} /> : undefined}
                  sending={run.isPending}
                  failure={run.error ?? undefined}
                  onRun={() => run.mutate({ action: shown }, { onSuccess: (answer) => accepted(shown, answer) })}
                  onCancel={close}
                />
              ))}
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
