import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { connectToBackend, recordWrites } from '../../../../lib/test-support/component-backend';
import { openAction } from './test-support/open-action';

// The report of receipt (IE818) for an accepted inbound e-AD of two items (A1 beer B000, A2 wine W200):
// the longest action form, itemised and kept as a draft, over the real BFF and sandbox.
beforeAll(async () => {
  connectToBackend();
  await loadNamespaces('actions', 'declaration');
});

/** The fields of goods item `n` of the report (its fieldset is named after the item). */
const itemRow = (dialog: HTMLElement, n: number) => within(within(dialog).getByRole('group', { name: new RegExp(`^Item ${n}\\b`) }));
const refusedQuantity = (dialog: HTMLElement, n: number) =>
  itemRow(dialog, n).getByRole<HTMLInputElement>('textbox', { name: /^Refused quantity/ });
const send = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Send receipt report' });

describe('Receipt report (itemised, kept as a draft)', () => {
  it('asks for a refused quantity on every item of a refused receipt, at each item, then sends the itemised report', async () => {
    const sent = recordWrites();
    const { declaration, onAccepted, user, dialog } = await openAction('receipt', 'Receipt report');
    await user.type(within(dialog).getByRole('combobox', { name: /^Global conclusion of receipt/ }), 'Receipt refused{Enter}');
    await user.click(send(dialog));

    await waitFor(() => expect(document.activeElement).toBe(refusedQuantity(dialog, 1)));
    for (const n of [1, 2]) expect(refusedQuantity(dialog, n).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.type(refusedQuantity(dialog, 1), '1000');
    await user.type(refusedQuantity(dialog, 2), '600');
    await user.click(send(dialog));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('receiptReport'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: `/v1/declarations/${declaration.declarationId}/receiptReport`,
      status: 202,
      body: {
        exciseGoodsShipment: { exciseMovement: { reportOfReceipt: { globalConclusionOfReceipt: '3' } } },
        governmentAgencyGoodsItems: [
          { casReference: 'A1', exciseGoodsItem: { bodyReportOfReceipt: { exciseProductCode: 'B000', refusedQuantity: 1000 } } },
          { casReference: 'A2', exciseGoodsItem: { bodyReportOfReceipt: { exciseProductCode: 'W200', refusedQuantity: 600 } } },
        ],
      },
    });
  });

  it('keeps what was typed when closed at once, brings it back on reopening, and forgets it once sent', async () => {
    const sent = recordWrites();
    const { onAccepted, user, dialog, reopen } = await openAction('receipt-draft', 'Receipt report');
    const information = (d: HTMLElement) => within(d).getByRole<HTMLTextAreaElement>('textbox', { name: /^Complementary information/ });
    await user.type(information(dialog), 'Two pallets arrived wet');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const again = await reopen();
    expect(within(again).getByTestId('draft-restored').textContent).toContain('Draft restored');
    expect(information(again).value).toBe('Two pallets arrived wet');

    await user.type(
      within(again).getByRole('combobox', { name: /^Global conclusion of receipt/ }),
      'Receipt accepted and satisfactory{Enter}',
    );
    await user.click(send(again));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('receiptReport'));
    expect(sent.map((s) => s.status)).toEqual([202]);

    // Sent: opening the form again starts from the declaration, not from the old draft.
    const fresh = await reopen();
    expect(within(fresh).queryByTestId('draft-restored')).toBeNull();
    expect(information(fresh).value).toBe('');
  });
});
