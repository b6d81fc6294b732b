import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { storedDraft } from './support/drafts';
import { signInAs } from './support/sign-in';

/**
 * New movement order, as a clerk: build an order (3 lines, 2 write-off rules), reorder the rules
 * by keyboard, send it and follow it to Valid; paste 9,999 lines from a spreadsheet and still see
 * and scroll them. axe: no serious or critical violations on the page.
 */

/** A paste of `text` on `selector`, as the browser dispatches it for Ctrl+V from a spreadsheet. */
async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

/** A line's cell (text; the grid's cells are edited one at a time), by field and 1-based line. */
const cell = (page: Page, field: string, line: number) => page.locator(`#mo-0-lines-${line - 1}-${field}`);

/** Edits a cell as a keyboard user does: focus, Enter edits, the new value, Tab keeps it and moves right; the cell then shows `shown` (a number as read). */
async function editCell(page: Page, field: string, line: number, label: string, value: string, shown = value): Promise<void> {
  await cell(page, field, line).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByLabel(`${label}, line ${line}`, { exact: true });
  await editor.fill(value);
  await editor.press('Tab');
  await expect(cell(page, field, line)).toContainText(shown);
}

test('a clerk builds a movement order with 3 lines and 2 write-off rules, reorders the rules by keyboard, sends it and sees it reach Valid', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'clerk', '/movement-orders');
  await page.getByRole('link', { name: 'New movement order' }).click();
  await expect(page).toHaveURL(/\/movement-orders\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New movement order' })).toBeVisible();

  // Sending the empty order stops at the first missing field, with the message next to it.
  await page.getByRole('button', { name: 'Send movement order' }).click();
  const reference = page.getByRole('textbox', { name: 'External reference' });
  await expect(reference).toBeFocused();
  await expect(page.getByText('is required').first()).toBeVisible();

  const externalReference = `E2E-RFFC-${Date.now()}`;
  await reference.fill(externalReference);
  await page.getByRole('combobox', { name: 'Customs destination' }).selectOption('HomeUse');

  await page.getByRole('button', { name: 'Add write-off rule' }).click();
  await page.getByRole('button', { name: 'Add write-off rule' }).click();
  const rules = page.getByTestId('write-off-rule');
  await rules.nth(0).getByRole('combobox', { name: 'Customs status' }).selectOption('Bonded');
  await rules.nth(1).getByRole('combobox', { name: 'Customs status' }).selectOption('Free');
  await rules.nth(1).getByRole('combobox', { name: 'Preferential origin' }).selectOption('true');
  await rules.nth(1).getByRole('textbox', { name: 'Preferential origin country', exact: true }).fill('DE');
  await rules.nth(1).getByRole('textbox', { name: 'Inbound MRN' }).fill('26DE000000000001A1');
  const sentences = page.getByTestId('write-off-rule-sentence');
  await expect(sentences).toHaveText(['1. Bonded stock', '2. Free stock of preferential origin DE, inbound MRN 26DE000000000001A1']);

  // Keyboard reorder: Space on the handle picks the rule up, ArrowUp moves it, Space drops it.
  await page.getByRole('button', { name: /^Drag rule 2:/ }).focus();
  // Each step waits for its screen-reader announcement: dnd-kit measures between key presses.
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Picked up rule 2\./)).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Rule 2 is over position 1.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Rule 2 dropped at position 1.')).toBeAttached();
  await expect(sentences).toHaveText(['1. Free stock of preferential origin DE, inbound MRN 26DE000000000001A1', '2. Bonded stock']);

  // Three lines: the first typed, two more pasted from a spreadsheet below it.
  await editCell(page, 'itemId', 1, 'Item id', 'FG-CHOC-500');
  await editCell(page, 'quantity', 1, 'Quantity', '12,5', '12.5');
  await editCell(page, 'uom', 1, 'Unit', 'KGM');
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect(cell(page, 'itemId', 2)).toBeFocused();
  await pasteInto(page, '#mo-0-lines-1-itemId', 'FG-TEA-100\tGreen tea\tOut\t3\tKGM\nFG-WINE-750\tRed wine\tOut\t6\tLTR\tW200\t13,5\n');
  await expect(page.getByRole('status').filter({ hasText: 'Pasted: 2 lines added.' })).toBeVisible();
  await expect(page.getByTestId('movement-line-row')).toHaveCount(3);
  await expect(cell(page, 'asv', 3)).toHaveText('13.5');
  await expectAccessible(page, 'new movement order with rules and lines');

  // A wrong cell stops the send with the focus on it and the message in it.
  await editCell(page, 'quantity', 2, 'Quantity', '0');
  await page.getByRole('button', { name: 'Send movement order' }).click();
  await expect(cell(page, 'quantity', 2)).toBeFocused();
  await expect(cell(page, 'quantity', 2)).toHaveAccessibleDescription('must not be zero');
  await editCell(page, 'quantity', 2, 'Quantity', '3');

  await page.getByRole('button', { name: 'Send movement order' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Movement order sent' });
  await expect(sent).toBeVisible({ timeout: 15_000 });
  const progress = sent.getByRole('group', { name: `Status of ${externalReference}` });
  await expect(progress).toContainText('Valid', { timeout: 30_000 });
  await expectAccessible(page, 'sent movement order');

  // The order is listed on the movement orders page, created from this console, with its status.
  await page.getByRole('link', { name: '← Movement orders' }).click();
  const listed = page.getByRole('table', { name: 'Created from this console' }).getByRole('row').filter({ hasText: externalReference });
  await expect(listed).toContainText('RFFC');
  await expect(listed).toContainText('Clara Clerk');
  await expect(listed.getByText(/^(Valid|Processed)$/)).toBeVisible();
  await expectAccessible(page, 'movement orders with the created list');
});

test('a clerk pastes 9,999 lines from a spreadsheet and the editor still shows and scrolls them', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'clerk', '/movement-orders/new');
  const rows = Array.from({ length: 9999 }, (_, i) => `ITEM-${i + 1}\tLine ${i + 1}\tOut\t${(i % 50) + 1}\tKGM`).join('\n');
  await pasteInto(
    page,
    '#mo-0-lines-0-itemId',
    `Item id\tDescription\tDirection\tQuantity\tUnit\n${rows}\nITEM-10000\textra\tOut\t1\tKGM\n`,
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Pasted: 9,999 lines added (columns named by the header row). 1 left out' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Lines (9,999 of at most 9,999)' })).toBeVisible();
  // Virtualised: a window of rows is in the page, not 9,999.
  expect(await page.getByTestId('movement-line-row').count()).toBeLessThan(60);

  await page.getByTestId('movement-lines-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(cell(page, 'itemId', 9999)).toHaveText('ITEM-9999');
  await editCell(page, 'quantity', 9999, 'Quantity', '0');
  await cell(page, 'itemId', 9999).focus();
  await expect(page.getByText('must not be zero')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 'itemId', 9998)).toBeFocused();
  await expectAccessible(page, '9,999 lines');

  // A reload keeps the draft, all of it, once it is stored with the last edit.
  await expect
    .poll(async () => {
      const draft = await storedDraft(page, 'movement-order-draft');
      return JSON.stringify(draft).match(/"quantity":"0"/g)?.length;
    })
    .toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lines (9,999 of at most 9,999)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Draft restored')).toBeVisible();
});
