import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { PDFDocument } from 'pdf-lib';
import { signInAs } from './support/sign-in';

const results = (page: Page) => page.getByTestId('classification-results');

test('an analyst finds an item by wildcard, runs an EU classification and sees the scored options', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'analyst', '/classification');
  await expect(page.getByRole('heading', { level: 1, name: 'Classification' })).toBeVisible();

  await page.getByLabel('External reference').fill('SKU-1000*');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/externalReference=SKU-1000/);
  const links = results(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  for (const name of await links.allTextContents()) expect(name).toMatch(/^SKU-1000/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectAccessible(page, 'classification search');

  await results(page).getByRole('link', { name: 'SKU-10003' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SKU-10003' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(/whisky/);

  await page.getByRole('button', { name: 'Classify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Classify item' });
  await expect(dialog.getByText('This run uses 1 credit')).toBeVisible();
  await expectAccessible(page, 'classify dialog');
  await dialog.getByRole('button', { name: 'Start run (1 credit)' }).click();
  await expect(dialog).toBeHidden();

  const run = page.getByTestId('run-card').first();
  await expect(run.getByRole('heading', { name: 'EU run' })).toBeVisible();
  await expect(run.getByText('Completed')).toBeVisible({ timeout: 60_000 });
  await expect(run.getByTestId('option-score').first()).toHaveText(/Score \d+(\.\d)? \/ 10/);
  await expect(run.getByRole('progressbar').first()).toBeVisible();
  await expectAccessible(page, 'item with a completed run');

  // Runs survive a reload: the BFF records them (the API has no run list).
  await page.reload();
  await expect(page.getByTestId('run-card').first().getByText('Completed')).toBeVisible();
});

test('an analyst creates an item and sees 409 when reusing its external reference', async ({ page }) => {
  const ref = `E2E-${Date.now()}`;
  await signInAs(page, 'analyst', '/classification');
  await page.getByRole('button', { name: 'New item' }).click();
  let dialog = page.getByRole('dialog', { name: 'New classification item' });
  await dialog.getByLabel('External reference').fill(ref);
  await dialog.getByLabel('Description').fill('Ceramic coffee mug, 300 ml');
  await dialog.getByRole('combobox', { name: 'Origin' }).fill('Portugal');
  await page.getByRole('option', { name: 'PT · Portugal' }).click();
  await dialog.getByRole('button', { name: 'Add assigned code' }).click();
  await dialog.getByLabel('Code', { exact: true }).fill('69120010');
  await expectAccessible(page, 'create item dialog');
  await dialog.getByRole('button', { name: 'Create item' }).click();

  await expect(page.getByRole('heading', { level: 1, name: ref })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Origin' })).toHaveValue('PT · Portugal');
  await expect(page.getByRole('cell', { name: '6912 00 10' })).toBeVisible();

  await page.getByRole('link', { name: 'Classification items' }).click();
  await page.getByRole('button', { name: 'New item' }).click();
  dialog = page.getByRole('dialog', { name: 'New classification item' });
  await dialog.getByLabel('External reference').fill(ref);
  await dialog.getByLabel('Description').fill('Another mug');
  await dialog.getByRole('button', { name: 'Create item' }).click();
  const field = dialog.getByLabel('External reference');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(dialog.getByText('Already in use by another item.')).toBeVisible();
  await expectAccessible(page, 'create item dialog with a 409');
});

test('a clerk is told that classification is for analysts', async ({ page }) => {
  await signInAs(page, 'clerk', '/classification');
  await expect(page.getByText('Classification is for analysts')).toBeVisible();
  await expectAccessible(page, 'classification for a clerk');
});

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const text of ['Ceramic mug', 'Made in Portugal']) pdf.addPage([300, 200]).drawText(text, { x: 20, y: 100 });
  return Buffer.from(await pdf.save());
}

test('an analyst edits an item with a merge patch, uploads images and a PDF, and deletes them', async ({ page }) => {
  const ref = `E2E-IMG-${Date.now()}`;
  await signInAs(page, 'analyst', '/classification');
  await page.getByRole('button', { name: 'New item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New classification item' });
  await dialog.getByLabel('External reference').fill(ref);
  await dialog.getByLabel('Description').fill('Stoneware mug');
  await dialog.getByRole('combobox', { name: 'Origin' }).fill('Portugal');
  await page.getByRole('option', { name: 'PT · Portugal' }).click();
  await dialog.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ref })).toBeVisible();

  // Clearing origin sends origin: null; the saved item comes back without it.
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(r.postData() ?? '');
  });
  // The keyboard way: empty the picker's text and leave it (its clear button is for the mouse only).
  await page.getByRole('combobox', { name: 'Origin' }).fill('');
  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(patches).toEqual(['{"origin":null}']);
  await expect(page.getByRole('combobox', { name: 'Origin' })).toHaveValue('');

  const input = page.getByTestId('image-drop-zone').locator('input[type=file]');
  await input.setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    { name: 'mug.png', mimeType: 'image/png', buffer: PNG_1X1 },
    { name: 'spec.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() },
  ]);
  await expect(page.getByRole('alert').getByText('notes.txt: not an accepted type')).toBeVisible();
  const thumb = page.getByRole('img', { name: 'mug.png' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('spec.pdf (2 pages)')).toBeVisible();
  await expect(page.getByRole('img', { name: 'spec.pdf (page 2)' })).toBeVisible();
  await expectAccessible(page, 'item with images');

  await page.getByRole('button', { name: 'Delete spec.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete image' });
  await expect(confirm.getByText('all 2 of its pages')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('spec.pdf (2 pages)')).toBeHidden();
  await expect(page.getByRole('img', { name: 'mug.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete item' }).click();
  await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete item' }).click();
  await expect(page).toHaveURL(/\/classification$/);
});
