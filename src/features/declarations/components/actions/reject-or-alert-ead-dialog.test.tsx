import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { connectToBackend, readDeclaration, recordWrites } from '../../../../lib/test-support/component-backend';
import { openAction } from './test-support/open-action';

// The consignee's rejection or alert (IE819) for an accepted inbound e-AD, over the real BFF and sandbox.
beforeAll(async () => {
  connectToBackend();
  await loadNamespaces('actions', 'declaration');
});

describe('Reject or alert e-AD (reason 0 needs words)', () => {
  it('asks for the choice and the reason, then for the information that reason Other needs, and raises the alert', async () => {
    const sent = recordWrites();
    const { declaration, onAccepted, user, dialog } = await openAction('alert', 'Reject or alert e-AD');
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const information = () => within(dialog).getByRole('textbox', { name: /^Complementary information/ });

    await send();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'Reject the e-AD' })));
    expect(
      within(dialog)
        .getByRole('combobox', { name: /^Reason/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');

    await user.click(within(dialog).getByRole('radio', { name: /^Raise an alert only/ }));
    await user.type(within(dialog).getByRole('combobox', { name: /^Reason/ }), '0{Enter}');
    await send();
    await waitFor(() => expect(document.activeElement).toBe(information()));
    expect(information().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.type(information(), 'Seal number differs from the e-AD');
    await send();
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('rejectOrAlertEad'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/v1/declarations/${declaration.declarationId}/rejectOrAlertEad`,
        body: {
          eadEsadRejectedFlag: false,
          alertOrRejectionOfMovementReasonCode: '0',
          complementaryInformation: 'Seal number differs from the e-AD',
        },
        status: 202,
      },
    ]);
    // An alert leaves the movement going: the declaration is Alerted, not Rejected.
    await waitFor(async () => expect((await readDeclaration(declaration.declarationId)).currentStatus).toBe('Alerted'), {
      timeout: 10_000,
    });
  });
});
