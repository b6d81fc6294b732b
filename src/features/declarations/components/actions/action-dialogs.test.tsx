import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeclarationAction } from '../../../../contract/declaration-actions';
import type { Role } from '../../../../contract/user-claims';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import {
  connectToBackend,
  fixtureDeclaration,
  injectFault,
  recordWrites,
  renderSignedIn,
} from '../../../../lib/test-support/component-backend';
import { DeclarationActionsMenu } from './declaration-actions-menu';

// The declaration's actions as a clerk meets them: the menu, its dialogs, the real BFF and sandbox behind them.
let roles: Role[] = [];
beforeAll(async () => {
  roles = connectToBackend().userRoles;
  await loadNamespaces('actions', 'declaration');
});

async function openAction(name: Parameters<typeof fixtureDeclaration>[0], action: string) {
  const declaration = await fixtureDeclaration(name);
  const onAccepted = vi.fn<(action: DeclarationAction) => void>();
  const { user } = renderSignedIn(
    <DeclarationActionsMenu declaration={declaration} roles={roles} onAccepted={onAccepted} environment="TEST" />,
  );
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(`^${action}`) }));
  const dialog = await screen.findByRole('dialog', { name: action });
  return { declaration, onAccepted, user, dialog };
}

describe('Invalidate (a reason in free text, confirmed before it is sent)', () => {
  it('asks for the reason at its field, then confirms and sends it', async () => {
    const sent = recordWrites();
    const { declaration, onAccepted, user, dialog } = await openAction('invalidate', 'Invalidate');
    await user.click(within(dialog).getByRole('button', { name: 'Invalidate' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.type(reason, 'Goods returned to the supplier');
    await user.click(within(dialog).getByRole('button', { name: 'Invalidate' }));
    const question = await within(dialog).findByRole('heading', { name: 'Confirm: Invalidate' });
    expect(document.activeElement).toBe(question);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, invalidate' }));

    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('invalidate'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/v1/declarations/${declaration.declarationId}/invalidate`,
        body: { reason: 'Goods returned to the supplier' },
        status: 202,
      },
    ]);
  });

  it('shows the service’s problem with Retry, keeps the reason, and sends it again on Retry', async () => {
    const { declaration, onAccepted, user, dialog } = await openAction('invalidate-failure', 'Invalidate');
    const path = `/v1/declarations/${declaration.declarationId}/invalidate`;
    await injectFault({ pathPrefix: path, method: 'POST', status: 503, count: 2 });
    const sent = recordWrites();
    const confirmAndSend = async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Invalidate' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Yes, invalidate' }));
      return within(dialog).findByRole('alert');
    };
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Duplicate filing');

    const alert = await confirmAndSend();
    expect(alert.textContent).toContain('Invalidate was not sent');
    expect(alert.textContent).toContain('Injected by the sandbox fault controls.');
    expect(onAccepted).not.toHaveBeenCalled();
    // An action is never re-sent by itself after a 5xx: the service may have acted.
    expect(sent.map((s) => s.status)).toEqual([503]);

    // Nothing typed is lost: back on the form, the reason is still there.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: /^Reason/ }).value).toBe('Duplicate filing');

    // Failing again, the user retries from the problem, and the same reason goes out.
    await user.click(within(await confirmAndSend()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('invalidate'));
    expect(sent.map((s) => [s.path, s.status, s.body])).toEqual([
      [path, 503, { reason: 'Duplicate filing' }],
      [path, 503, { reason: 'Duplicate filing' }],
      [path, 202, { reason: 'Duplicate filing' }],
    ]);
  });
});
