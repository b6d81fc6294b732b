import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { connectToBackend, injectFault, recordWrites } from '../../../../lib/test-support/component-backend';
import { openAction } from './test-support/open-action';

// The declaration's actions as a clerk meets them: the menu, its dialogs, the real BFF and sandbox behind them.
beforeAll(async () => {
  connectToBackend();
  await loadNamespaces('actions', 'declaration');
});

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

describe('Delay for delivery (two codes, picked from their lists)', () => {
  it('asks for both codes at their fields, then sends the codes picked', async () => {
    const sent = recordWrites();
    const { declaration, onAccepted, user, dialog } = await openAction('delay', 'Delay for delivery');
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Send delay explanation' }));
    await send();
    const concerns = within(dialog).getByRole('combobox', { name: /^Delay concerns/ });
    const explanation = within(dialog).getByRole('combobox', { name: /^Explanation/ });
    await waitFor(() => expect(document.activeElement).toBe(concerns));
    expect([concerns, explanation].map((c) => c.getAttribute('aria-invalid'))).toEqual(['true', 'true']);
    expect(sent).toEqual([]);

    await user.type(concerns, 'report of receipt{Enter}');
    await user.type(explanation, 'Severe weather{Enter}');
    await send();
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('delayForDelivery'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/v1/declarations/${declaration.declarationId}/delayForDelivery`,
        body: { messageRole: '1', explanationCode: '3' },
        status: 202,
      },
    ]);
  });

  it('keeps the codes after the service’s problem and sends them again on Retry', async () => {
    const { declaration, onAccepted, user, dialog } = await openAction('delay-failure', 'Delay for delivery');
    await injectFault({ pathPrefix: `/v1/declarations/${declaration.declarationId}/delayForDelivery`, method: 'POST', status: 502 });
    const sent = recordWrites();
    await user.type(within(dialog).getByRole('combobox', { name: /^Delay concerns/ }), 'change of destination{Enter}');
    await user.type(within(dialog).getByRole('combobox', { name: /^Explanation/ }), 'Strike{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send delay explanation' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Send delay explanation was not sent');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^Explanation/ }).value).toContain('Strike');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('delayForDelivery'));
    expect(sent.map((s) => [s.status, s.body])).toEqual([
      [502, { messageRole: '2', explanationCode: '2' }],
      [202, { messageRole: '2', explanationCode: '2' }],
    ]);
  });
});

describe('Submit (no form: a review and a yes)', () => {
  it('sends nothing until the user says yes, then submits', async () => {
    const sent = recordWrites();
    const { declaration, onAccepted, user } = await openAction('submit', 'Submit', 'Review before Submit');
    const dialog = screen.getByRole('dialog', { name: 'Review before Submit' });
    expect(dialog.textContent).toContain(`LRN ${declaration.lrn}`);
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, submit' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('submit'));
    expect(sent).toEqual([{ method: 'POST', path: `/v1/declarations/${declaration.declarationId}/submit`, body: undefined, status: 202 }]);
  });
});
