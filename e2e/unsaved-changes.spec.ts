import { expect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

/** The redirect chain of a sign-in takes several page loads: room for a loaded machine. */
const SIGN_IN_MS = 30_000;

test.use({ viewport: { width: 1440, height: 900 } });

test('browser Back with an unsaved goods item edit asks first: keep editing keeps the edit, leave goes back', async ({ page }) => {
  test.setTimeout(90_000);
  // From the Invalid worklist (clerks may edit those) into a declaration, inside the console.
  await signInAs(page, 'clerk', '/declarations?currentStatus=Invalid', SIGN_IN_MS);
  const row = page.getByTestId('declarations-table').getByTestId('declaration-row').first();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Declaration / })).toBeVisible();
  const detailUrl = page.url();

  await page.getByRole('button', { name: /^Goods item 1\b.*: open$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Goods item 1' });
  await expect(drawer).toBeVisible();
  const description = drawer.getByRole('textbox').first();
  await description.fill(`${await description.inputValue()} changed`);
  const changed = await description.inputValue();
  // The edit counts as unsaved once the form says so (Save is enabled), before Back is pressed.
  await expect(drawer.getByRole('button', { name: 'Save item' })).toBeEnabled();

  const question = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  await page.goBack();
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  expect(page.url().startsWith(detailUrl)).toBe(true);
  await expect(drawer).toBeVisible();
  await expect(description).toHaveValue(changed);

  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/declarations\?currentStatus=Invalid/);
  await expect(page.getByRole('dialog', { name: 'Goods item 1' })).toBeHidden();
});

test('leaving an edited classification item by a link asks first', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'analyst', '/classification', SIGN_IN_MS);
  await page.getByTestId('classification-results').getByRole('link').first().click();
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.fill('edited but not saved');
  const question = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connection' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(description).toHaveValue('edited but not saved');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connection' }).click();
  await question.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/connection$/);
});

test('browser Back out of the console with an unsaved goods item edit asks the browser question first', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'clerk', '/declarations?currentStatus=Invalid', SIGN_IN_MS);
  const href = await page.getByTestId('declarations-table').getByTestId('declaration-row').first().getByRole('link').getAttribute('href');
  // The declaration is the first console page of this history entry: Back leaves the page.
  await page.goto('/connection');
  await page.goto(href ?? '/');
  await expect(page.getByRole('heading', { level: 1, name: /^Declaration / })).toBeVisible();
  await page.getByRole('button', { name: /^Goods item 1\b.*: open$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Goods item 1' });
  const description = drawer.getByRole('textbox').first();
  await description.click();
  await page.keyboard.type(' changed');
  const changed = await description.inputValue();
  // The edit counts as unsaved once the form says so (Save is enabled), before Back is pressed.
  await expect(drawer.getByRole('button', { name: 'Save item' })).toBeEnabled();

  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.goBack({ timeout: 5_000 }).catch(() => undefined);
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await expect(description).toHaveValue(changed);
});
