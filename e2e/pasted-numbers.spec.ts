import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { text } from './support/catalogs';
import { signInAs } from './support/sign-in';

/**
 * Numbers pasted from a spreadsheet or imported from CSV are read as the sheet meant them (issue
 * 24): a German sheet's column 120, 300,5, 1.250 in an English browser is asked about before
 * anything is added; the German reading sends 120, 300.5 and 1250; the grid shows each number as
 * read. In a German browser the same column needs no question.
 */

const NNBSP = '\u202f';
const ROWS = 'A-1\tFirst\tOut\t120\tKGM\nA-2\tSecond\tOut\t300,5\tKGM\nA-3\tThird\tOut\t1.250\tKGM\n';
const CSV = 'Item id;Description;Quantity;Unit\r\nA-1;First;120;KGM\r\nA-2;Second;300,5;KGM\r\nA-3;Third;1.250;KGM\r\n';

async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

const quantities = (page: Page) => page.locator('[id^="mo-0-lines-"][id$="-quantity"]');

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('a pasted German column is asked about, and the German reading sends 120, 300.5 and 1250', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'clerk', '/movement-orders/new');
    await page.getByRole('textbox', { name: 'External reference' }).fill(`E2E-NUMBERS-${Date.now()}`);
    await page.getByRole('combobox', { name: 'Customs destination' }).selectOption('HomeUse');
    await pasteInto(page, '#mo-0-lines-0-itemId', ROWS);

    const dialog = page.getByRole('dialog', { name: 'Pasted: how are the numbers written?' });
    await expect(dialog).toBeVisible();
    // Nothing is added while the question is open.
    await expect(page.getByTestId('movement-line-row')).toHaveCount(1);
    const examples = dialog.getByRole('table', { name: 'Quantity: the cells that decide, read each way' });
    await expect(examples.getByRole('row', { name: /^1\.250/ })).toHaveText(`1.2501${NNBSP}2501.25`);
    await expectAccessible(page, 'number reading question');

    // Adding without an answer puts the focus on the question, with the message next to it.
    await dialog.getByRole('button', { name: 'Add lines' }).click();
    await expect(dialog.getByText('Choose how the Quantity column is written.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^Decimal comma/ })).toBeFocused();

    await dialog.getByRole('radio', { name: `Decimal comma: 1.250 is 1${NNBSP}250` }).check();
    await dialog.getByRole('button', { name: 'Add lines' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Pasted: 3 lines added.' })).toBeVisible();
    await expect(quantities(page)).toHaveText(['120', '300.5', `1${NNBSP}250`]);

    const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/movementorders$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Send movement order' }).click();
    const body: unknown = (await sent).postDataJSON();
    expect(body).toMatchObject({ movements: [{ movementLines: [{ quantity: 120 }, { quantity: 300.5 }, { quantity: 1250 }] }] });
    await expect(page.getByRole('status').filter({ hasText: 'Movement order sent' })).toBeVisible({ timeout: 15_000 });
  });

  test('a CSV file with the same column is asked about too; the other reading gives 1.25, and Cancel adds nothing', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'clerk', '/movement-orders/new');
    const file = { name: 'lines.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) };

    await page.locator('input[type="file"]').setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: 'lines.csv: how are the numbers written?' });
    await dialog.getByRole('button', { name: 'Cancel: add nothing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'lines.csv: nothing added.' })).toBeVisible();
    await expect(page.getByTestId('movement-line-row')).toHaveCount(1);

    await page.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('radio', { name: 'Decimal point: 1.250 is 1.25' }).check();
    await dialog.getByRole('button', { name: 'Add lines' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'lines.csv: 3 lines added (columns named by the header row).' })).toBeVisible();
    // 300,5 has one reading whatever the column's mark: it is never stored as 3005.
    await expect(quantities(page)).toHaveText(['120', '300.5', '1.25']);
  });
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the same column is read as the German sheet meant it without a question, and shown with the decimal comma', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'clerk', '/movement-orders/new');
    await pasteInto(page, '#mo-0-lines-0-itemId', ROWS);
    // The page speaks the browser's German.
    const added = text('de', 'movementOrders:editor.added', { source: text('de', 'movementOrders:editor.pasted'), shown: '3', count: 3 });
    await expect(page.getByRole('status').filter({ hasText: added })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(quantities(page)).toHaveText(['120', '300,5', `1${NNBSP}250`]);
  });
});
