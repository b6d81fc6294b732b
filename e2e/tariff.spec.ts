import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { firstDeclarationId } from './support/service-api';
import { signInAs } from './support/sign-in';

/** Tariff help (docs/tariff.md): where a code is typed, and on the tariff pages. */

test.use({ viewport: { width: 1440, height: 900 } });

test('the goods item editor reads a code level by level, warns for one that does not exist, and the picker finds one by words, picked with the keyboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await firstDeclarationId({ currentStatus: 'Invalid' });
  await signInAs(page, 'clerk', `/declarations/${id}`);
  await page.getByRole('button', { name: /^Goods item 1\b.*: open$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Goods item 1' });
  const code = drawer.getByRole('combobox', { name: 'Commodity code' });

  await code.fill('61091000');
  const levels = drawer.getByTestId('commodity-code-levels');
  await expect(levels).toContainText('6109 T-shirts, singlets and other vests, knitted or crocheted › 6109 10 00 Of cotton');
  await expect(drawer).toContainText('Supplementary unit: p/st (number of items)');
  // The code field's warning (the drawer's other live region is Check this code's).
  const warning = drawer.getByRole('status').filter({ hasText: 'nomenclature' });
  await expect(warning).toHaveCount(0);

  await code.fill('99999999');
  await expect(warning).toHaveText('9999 99 99 does not exist in the CN 2026 nomenclature.');
  // The warning is read with the field.
  await expect(code).toHaveAccessibleDescription(/does not exist/);

  await code.fill('cotton t-shirts');
  const first = page.getByRole('option').first();
  await expect(first).toContainText('6109 10 00 Of cotton');
  await expectAccessible(page, 'commodity code picker open');
  await code.press('ArrowDown');
  await code.press('Enter');
  await expect(code).toHaveValue('61091000');
  await expect(levels).toContainText('Of cotton');
  await expect(page.getByRole('option')).toHaveCount(0);
});

test('the tariff page browses sections down to a line and searches; a code page shows its levels and the declarations using it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'clerk', '/declarations');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tariff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tariff' })).toBeVisible();

  // Browse: section XI › chapter 61 › heading 6109, opened from the keyboard.
  const sections = page.getByRole('list', { name: 'Sections of the nomenclature' });
  await expect(sections.getByRole('listitem')).toHaveCount(21, { timeout: 20_000 });
  const openXI = page.getByRole('button', { name: /^Open XI Textiles/ });
  await openXI.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Close XI Textiles/ })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: /^Open 61 Articles of apparel/ }).click();
  await page.getByRole('button', { name: /^Open 6109 T-shirts/ }).click();
  const lines = page.getByRole('list', { name: 'Lines below 6109' });
  await expect(lines).toContainText('6109 10 00 Of cotton');
  await expectAccessible(page, 'tariff tree opened');

  // Search by words.
  await page.getByRole('textbox', { name: 'Search the tariff' }).fill('cotton t-shirts');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tariff\?q=cotton/);
  const first = page.getByRole('table').getByRole('row').nth(1);
  await expect(first).toContainText('6109 10 00');
  await expect(first).toContainText('Of cotton');
  await expectAccessible(page, 'tariff search results');

  // The code page.
  await first.getByRole('link', { name: '6109 10 00' }).click();
  await expect(page).toHaveURL(/\/tariff\/61091000$/);
  await expect(page.getByRole('heading', { level: 1, name: '6109 10 00 Of cotton' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'About this code' })).toContainText(
    'T-shirts, singlets and other vests, knitted or crocheted',
  );
  await expect(page.getByRole('table', { name: 'About this code' })).toContainText('p/st (number of items)');
  const used = page.getByRole('table', { name: 'Declarations using the code' });
  await expect(used.getByRole('row').nth(1)).toContainText('6109 10 00', { timeout: 30_000 });
  await expectAccessible(page, 'tariff code page');

  // A declaration from there opens its detail page.
  await used.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Declaration / })).toBeVisible();
});

test('a code that does not exist says so on its page', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'analyst', '/tariff/99999999');
  await expect(page.getByRole('alert')).toContainText('9999 99 99 does not exist in the CN 2026 nomenclature.');
  await expectAccessible(page, 'unknown code page');
});

test('an analyst classifies a description from a code page: the credit is shown first, then the item page shows the run', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'analyst', '/tariff/61091000');
  const classify = page.getByRole('form', { name: 'Classify a description' });
  await expect(classify).toContainText('This run uses 1 credit');
  await classify.getByRole('button', { name: 'Classify (1 credit)' }).click();
  await expect(classify.getByRole('textbox', { name: 'Goods description' })).toHaveAccessibleDescription(/What the goods are/);
  await expect(classify).toContainText('Must not be blank.');
  await classify.getByRole('textbox', { name: 'Goods description' }).fill("Men's knitted cotton t-shirts, short sleeves");
  await classify.getByRole('button', { name: 'Classify (1 credit)' }).click();
  await expect(page).toHaveURL(/\/classification\/items\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^TARIFF-61091000-/ })).toBeVisible();
});

test('an analyst checks a goods item’s code: the credit is shown first, then whether the code is among the proposals; goods item and classification item link to each other', async ({
  page,
}) => {
  // A classification run, then two scans of the service's declarations: slow on a loaded machine.
  test.setTimeout(240_000);
  const id = await firstDeclarationId({ currentStatus: 'Invalid' });
  await signInAs(page, 'analyst', `/declarations/${id}`);
  await page.getByRole('button', { name: /^Goods item 1\b.*: open$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Goods item 1' });
  const check = drawer.getByRole('region', { name: 'Check this code' });
  await expect(check).toContainText('This run uses 1 credit');
  await check.getByRole('button', { name: 'Check this code (1 credit)' }).click();
  const verdict = check.getByRole('status');
  await expect(verdict).toContainText(/is (not )?among the proposals/, { timeout: 60_000 });
  await expectAccessible(page, 'check this code answered');
  // An analyst cannot change the goods item, so no proposal is offered to take into the form.
  await expect(check.getByRole('button', { name: /^Use / })).toHaveCount(0);
  // The goods item now links to the classification item its description is filed as, and back.
  await expect(drawer.getByTestId('goods-item-classification')).toContainText('Classification item', { timeout: 30_000 });
  await check.getByRole('link', { name: 'Open the classification item' }).click();
  await expect(page).toHaveURL(/\/classification\/items\//);
  const using = page.getByRole('table', { name: 'Goods items using this description' });
  await expect(using.getByRole('row').filter({ hasText: 'Goods item 1' }).first()).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'classification item with its goods items');
  await using.getByRole('row').filter({ hasText: 'Goods item 1' }).first().getByRole('link', { name: 'Goods item 1' }).click();
  await expect(page.getByRole('dialog', { name: 'Goods item 1' })).toBeVisible();
});

test('a clerk fixing an Invalid declaration checks a goods item’s code: the credit is shown first, a wrong code gets the better one, taken into the form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await firstDeclarationId({ currentStatus: 'Invalid' });
  await signInAs(page, 'clerk', `/declarations/${id}`);
  await page.getByRole('button', { name: /^Goods item 1\b.*: open$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Goods item 1' });
  await drawer
    .getByRole('textbox', { name: 'Goods description' })
    .fill("Women's handbag with outer surface of leather and a shoulder strap");
  const code = drawer.getByRole('combobox', { name: 'Commodity code' });
  await code.fill('61091000');
  const check = drawer.getByRole('region', { name: 'Check this code' });
  await expect(check).toContainText('This run uses 1 credit');
  await check.getByRole('button', { name: 'Check this code (1 credit)' }).click();
  const verdict = check.getByRole('status');
  await expect(verdict).toContainText('6109 10 00 is not among the proposals', { timeout: 60_000 });
  await expect(verdict).toContainText('The service proposes 4202 21 00');
  await expectAccessible(page, 'check this code answered for a clerk');
  // A clerk does not read classification items: the check runs through the BFF and links nowhere they cannot go.
  await expect(check.getByRole('link', { name: 'Open the classification item' })).toHaveCount(0);
  await check.getByRole('button', { name: 'Use 4202 21 00' }).click();
  await expect(code).toHaveValue('42022100');
  await expect(check).toContainText('Taken into the form');
});
