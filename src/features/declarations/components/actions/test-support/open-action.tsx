import { screen } from '@testing-library/react';
import { inject, vi } from 'vitest';
import type { DeclarationAction } from '../../../../../contract/declaration-actions';
import { fixtureDeclaration, renderSignedIn } from '../../../../../lib/test-support/component-backend';
import { DeclarationActionsMenu } from '../declaration-actions-menu';

/**
 * Renders the actions menu for a component fixture's declaration and opens `action` from it, as a
 * clerk (who is also a supervisor) would; the dialog is found by `title` (the action's name unless the dialog says otherwise).
 */
export async function openAction(name: Parameters<typeof fixtureDeclaration>[0], action: string, title = action) {
  const declaration = await fixtureDeclaration(name);
  const roles = inject('componentBackend').userRoles;
  const onAccepted = vi.fn<(action: DeclarationAction) => void>();
  const { user } = renderSignedIn(
    <DeclarationActionsMenu declaration={declaration} roles={roles} onAccepted={onAccepted} environment="ACCEPTANCE" />,
  );
  const open = async () => {
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: new RegExp(`^${action}`) }));
    return screen.findByRole('dialog', { name: title });
  };
  return { declaration, onAccepted, user, dialog: await open(), reopen: open };
}
