import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { renderWithMantine } from '../../../../lib/test-support/render-with-mantine';
import { readLineNumbers } from '../../model/create/line-numbers';
import { lineColumns } from '../../model/create/line-columns';
import { emptyLine } from '../../model/create/order-draft';
import { NumberReadingDialog } from './number-reading-dialog';

/** A pasted quantity column from a German sheet in an English browser: "300,5" says comma, "1.250" alone would say point. */
const { questions } = readLineNumbers(
  ['120', '300,5', '1.250'].map((quantity) => emptyLine({ itemId: 'ITEM-1', quantity })),
  lineColumns('RFFC'),
  'en',
);

beforeAll(() => loadNamespaces('movementOrders'));

describe('the dialog that asks how pasted numbers are written', () => {
  it('shows each cell read both ways, adds nothing until the column is answered, then passes the answer on', async () => {
    expect(questions.map((q) => q.field)).toEqual(['quantity']);
    const onConfirm = vi.fn();
    const { user } = renderWithMantine(
      <NumberReadingDialog source="Pasted" questions={questions} onConfirm={onConfirm} onCancel={() => undefined} />,
    );
    const table = await screen.findByRole('table', { name: /the cells that decide/ });
    expect(table.textContent).toContain('1.250');

    await user.click(screen.getByRole('button', { name: 'Add lines' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText(/Choose how the .* column is written\./)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /^Decimal comma/ }));

    await user.click(screen.getByRole('radio', { name: /^Decimal comma/ }));
    await user.click(screen.getByRole('button', { name: 'Add lines' }));
    expect(onConfirm).toHaveBeenCalledWith({ quantity: ',' });
  });

  it('adds nothing on Cancel', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const { user } = renderWithMantine(
      <NumberReadingDialog source="Pasted" questions={questions} onConfirm={onConfirm} onCancel={onCancel} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel: add nothing' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
