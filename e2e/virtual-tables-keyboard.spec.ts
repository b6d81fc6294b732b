import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { expectAccessible } from './support/axe';
import { largestDeclarationId } from './support/service-api';
import { signInAs } from './support/sign-in';

/**
 * The keyboard paths of the two virtualised tables (issue 12 made their key presses cheaper; these
 * keep what a keyboard user relies on): in the goods items of the seeded 999-item declaration,
 * arrows, Page Up/Down and Home/End move one tab stop between rows, the row moved to shows whole
 * below the sticky header, and Enter opens it; in the movement order lines (a grid of text cells,
 * one edited at a time) the arrows move between cells, typing or F2 edits, Enter and Tab keep the
 * change and move, Escape undoes it, Delete clears.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** Where a row sits against its scroll box and the box's sticky header, in px. */
async function rowPlacement(control: Locator) {
  const placement = await control.evaluate((el) => {
    const row = el.closest('tr')?.getBoundingClientRect();
    const box = el.closest('[data-testid$="-scroller"]');
    const head = box?.querySelector('thead')?.getBoundingClientRect();
    const clip = box?.getBoundingClientRect();
    return {
      rowTop: row?.top,
      rowBottom: row?.bottom,
      headBottom: head?.bottom,
      boxBottom: clip ? clip.top + (box?.clientTop ?? 0) + (box?.clientHeight ?? 0) : undefined,
    };
  });
  return z.object({ rowTop: z.number(), rowBottom: z.number(), headBottom: z.number(), boxBottom: z.number() }).parse(placement);
}

/** The control is focused, the only one of the table in the tab order, and its row shows whole. */
async function expectActiveRow(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name: new RegExp(`^Goods item ${name}(,|:)`) });
  await expect(button).toBeFocused({ timeout: 10_000 });
  await expect(page.getByTestId('goods-items-scroller').locator('button[tabindex="0"]')).toHaveCount(1);
  await expect(button).toHaveAttribute('tabindex', '0');
  const p = await rowPlacement(button);
  expect(p.rowTop).toBeGreaterThanOrEqual(p.headBottom - 1);
  expect(p.rowBottom).toBeLessThanOrEqual(p.boxBottom + 1);
}

test('a keyboard user moves through 999 goods items with arrows, Page Up/Down and Home/End, and opens one with Enter', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await largestDeclarationId();
  await signInAs(page, 'clerk', `/declarations/${id}`);
  const first = page.getByRole('button', { name: /^Goods item 1(,|:)/ });
  await first.focus({ timeout: 30_000 });
  await expectActiveRow(page, '1');

  await page.keyboard.press('ArrowDown');
  await expectActiveRow(page, '2');
  // Past the bottom edge: the table scrolls just enough to show the row whole.
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
  await expectActiveRow(page, '14');
  await page.keyboard.press('PageDown');
  await expectActiveRow(page, '24');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('ArrowUp');
  await expectActiveRow(page, '13');
  // Above the top edge: it shows below the sticky header.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowUp');
  await expectActiveRow(page, '3');
  await page.keyboard.press('End');
  await expectActiveRow(page, '999');
  await page.keyboard.press('ArrowDown');
  await expectActiveRow(page, '999');
  await page.keyboard.press('Home');
  await expectActiveRow(page, '1');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expectActiveRow(page, '21');
  await expectAccessible(page, 'goods items moved through by keyboard');

  // Tab leaves the table from the active row, Shift+Tab comes back to it.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('goods-items-scroller').locator(':focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expectActiveRow(page, '21');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Goods item 21' })).toBeVisible();
});

test('in the movement order lines, a keyboard user moves between cells, edits one, undoes and clears, and the line stays shown', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, 'clerk', '/movement-orders/new');
  const rows = Array.from({ length: 40 }, (_, i) => `ITEM-${i + 1}\tLine ${i + 1}\tOut\t${i + 1}\tKGM`).join('\n');
  await page.locator('#mo-0-lines-0-itemId').evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, rows);
  await expect(page.getByRole('heading', { name: 'Lines (40 of at most 9,999)' })).toBeVisible({ timeout: 20_000 });

  const scroller = page.getByTestId('movement-lines-scroller');
  const quantity = (line: number) => page.locator(`#mo-0-lines-${line - 1}-quantity`);
  const editor = (line: number) => page.getByLabel(`Quantity, line ${line}`, { exact: true });
  await quantity(1).focus();
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowDown');
  await expect(quantity(16)).toBeFocused();
  await expect(quantity(16)).toHaveText('16');
  // One tab stop: the focused cell.
  await expect(scroller.locator('[tabindex="0"]')).toHaveCount(1);
  let p = await rowPlacement(quantity(16));
  expect(p.rowBottom).toBeLessThanOrEqual(p.boxBottom + 1);
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowUp');
  await expect(quantity(2)).toBeFocused();
  p = await rowPlacement(quantity(2));
  expect(p.rowTop).toBeGreaterThanOrEqual(p.headBottom - 1);

  // F2 edits with the caret after the value; Escape undoes the edit.
  await page.keyboard.press('F2');
  await expect(editor(2)).toBeFocused();
  await page.keyboard.type('5');
  await expect(editor(2)).toHaveValue('25');
  await page.keyboard.press('Escape');
  await expect(quantity(2)).toBeFocused();
  await expect(quantity(2)).toHaveText('2');
  // Typing replaces the value; Enter keeps it and goes down, Tab keeps and goes right.
  await page.keyboard.type('75');
  await page.keyboard.press('Enter');
  await expect(quantity(2)).toHaveText('75');
  await expect(quantity(3)).toBeFocused();
  await page.keyboard.type('9');
  await page.keyboard.press('Tab');
  await expect(quantity(3)).toHaveText('9');
  await expect(page.locator('#mo-0-lines-2-uom')).toBeFocused();
  // Delete clears a cell (a unit is required: the message shows in it); Home goes to the line's first cell, ArrowRight on from there.
  await page.keyboard.press('Delete');
  await expect(page.locator('#mo-0-lines-2-uom')).toHaveText('is required');
  await expect(page.locator('#mo-0-lines-2-uom')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Home');
  await expect(page.locator('#mo-0-lines-2-itemId')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#mo-0-lines-2-itemDescription')).toBeFocused();
  // A list cell edits with its options; a double click edits too.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const direction = page.getByLabel('Direction, line 3', { exact: true });
  await direction.selectOption('In');
  await page.keyboard.press('Enter');
  await expect(page.locator('#mo-0-lines-2-direction')).toHaveText('In');
  await page.locator('#mo-0-lines-3-itemDescription').dblclick();
  await expect(page.getByLabel('Description, line 4', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('PageDown');
  await expect(scroller.locator('td:focus')).toHaveAttribute('data-field', 'itemDescription');
  await expect(page.getByRole('heading', { name: 'Lines (40 of at most 9,999)' })).toBeVisible();
  // End goes to the line's remove button; Enter removes the line, and the focus stays on the button, now of the next line.
  await page.keyboard.press('End');
  const removed = await scroller.locator('button:focus').getAttribute('aria-label');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Lines (39 of at most 9,999)' })).toBeVisible();
  await expect(scroller.locator('button:focus')).toHaveAttribute('aria-label', removed ?? 'none');
  await page.keyboard.press('Home');
  await expectAccessible(page, 'movement order lines edited by keyboard');
  // Tab leaves the grid (one tab stop), Shift+Tab comes back to the same cell.
  const focusedCell = await scroller.locator('td:focus').getAttribute('id');
  await page.keyboard.press('Tab');
  await expect(scroller.locator(':focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator(`#${focusedCell ?? 'none'}`)).toBeFocused();
});
