import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { firstDeclarationId } from './support/service-api';
import { signInAs } from './support/sign-in';

/** An Invalid declaration: editable by a clerk. */
const invalidDeclarationId = () => firstDeclarationId({ currentStatus: 'Invalid' });

test.use({ viewport: { width: 1440, height: 900 } });

test('a clerk lands on declarations, and at 1440 px the default columns fit without scrolling sideways', async ({ page }) => {
  await signInAs(page, 'clerk');
  await expect(page).toHaveURL(/\/declarations/);
  const table = page.getByTestId('declarations-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  for (const name of ['Jurisdiction', 'Created', 'Last updated']) await expect(table.getByRole('columnheader', { name })).toBeInViewport();
  const overflow = await table.evaluate((el) => {
    const scroller = el.parentElement;
    return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(1);
});

test('a clerk with an unsaved change in the goods item drawer is asked first, on Escape, the close button and a click outside', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = await invalidDeclarationId();
  await signInAs(page, 'clerk', `/declarations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Declaration / })).toBeVisible();
  await expectAccessible(page, 'declaration detail');

  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'actions menu open');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Goods item 1\b.*: open$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Goods item 1' });
  await expect(drawer).toBeVisible();
  await expectAccessible(page, 'goods item drawer');
  const description = drawer.getByRole('textbox').first();
  await description.fill(`${await description.inputValue()} changed`);
  const changed = await description.inputValue();
  const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  // Checked once the dialog has finished fading in (mid-transition colours are not what users read).
  await expect(confirm).toHaveCSS('opacity', '1');
  await expectAccessible(page, 'discard confirmation');
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(drawer).toBeVisible();
  await expect(description).toHaveValue(changed);

  await drawer.getByRole('button', { name: 'Close the goods item editor' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(description).toHaveValue(changed);

  // A click on the dimmed page beside the drawer asks too; discarding then closes the drawer.
  await page.mouse.click(100, 450);
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveCSS('opacity', '1');
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(description).toHaveValue(changed);
  await page.mouse.click(100, 450);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(drawer).toBeHidden();
});

test('a clerk picks the declaration office from the customs office list', async ({ page }) => {
  const id = await invalidDeclarationId();
  await signInAs(page, 'clerk', `/declarations/${id}`);
  await page.getByRole('button', { name: 'Edit header' }).click();
  const office = page.getByRole('combobox', { name: 'Declaration office' });
  await office.fill('GB00005');
  await expect(page.getByRole('option', { name: /^GB000051 · / })).toBeVisible();
  await expectAccessible(page, 'header form with the office picker open');
  // Codes outside the list (which the service would refuse) are not offered.
  await office.fill('ZZ999999');
  await expect(page.getByRole('option')).toHaveCount(0);
});
