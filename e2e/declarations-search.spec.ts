import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/** The status column is the first one by default. */
async function statusesOf(rows: Locator): Promise<string[]> {
  return rows.locator('td[data-column="status"]').allInnerTexts();
}

test('a clerk works the Invalid worklist page by page, shares it as a link and finds a declaration by its LRN', async ({ page }) => {
  await signInAs(page, 'clerk', '/declarations');
  await expect(page.getByRole('heading', { level: 1, name: 'Declarations' })).toBeVisible();
  const rows = page.getByTestId('declarations-table').getByTestId('declaration-row');
  const indicator = page.getByTestId('page-indicator');
  await expect(indicator).toHaveText(/^Rows 1–25/);

  await page.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: 'Invalid', exact: true }).click();
  await expect(page).toHaveURL(/currentStatus=.*Invalid/);
  await expect(page.getByRole('button', { name: 'Invalid', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The sandbox seeds more than 25 Invalid declarations: a full first page and a next one.
  await expect(indicator).toHaveText('Rows 1–25 of 25+');
  await expect(rows).toHaveCount(25);
  expect(new Set(await statusesOf(rows))).toEqual(new Set(['Invalid']));
  const firstLrn = await rows.first().getByRole('link').innerText();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/offset=25/);
  await expect(indicator).toHaveText(/^Rows 26–/);
  expect(new Set(await statusesOf(rows))).toEqual(new Set(['Invalid']));
  const secondPageLrns = await rows.getByRole('link').allInnerTexts();
  expect(secondPageLrns).not.toContain(firstLrn);

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).not.toHaveURL(/offset=/);
  await expect(indicator).toHaveText('Rows 1–25 of 25+');
  await expect(rows.first().getByRole('link')).toHaveText(firstLrn);

  // Back returns to page 2; the address alone reproduces it after a reload.
  await page.goBack();
  await expect(page).toHaveURL(/offset=25/);
  await expect(indicator).toHaveText(/^Rows 26–/);
  await page.reload();
  await expect(indicator).toHaveText(/^Rows 26–/);
  await expect(rows.getByRole('link')).toHaveText(secondPageLrns);
  await expect(page.getByRole('button', { name: 'Invalid', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'declarations search with the Invalid view');

  // The finder: Ctrl+K anywhere, an LRN, Enter opens the single match.
  const target = rows.first().getByRole('link');
  const lrn = await target.innerText();
  const href = await target.getAttribute('href');
  expect(href).toMatch(/^\/declarations\/[0-9a-f-]{36}$/);
  await page.keyboard.press('Control+K');
  const finder = page.getByRole('dialog', { name: 'Find a declaration' });
  await expect(finder).toBeVisible();
  await expect(finder.getByLabel('Identifier')).toBeFocused();
  await finder.getByLabel('Identifier').fill(lrn);
  await expect(finder.getByText('One match: press Enter to open it.')).toBeVisible();
  await expect(finder.getByRole('listitem')).toContainText('matched LRN');
  await expectAccessible(page, 'identifier finder');
  await finder.getByLabel('Identifier').press('Enter');
  await expect(finder).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${href ?? ''}$`));
});

test('the date ranges behind More filters and the column chooser work from their first use', async ({ page }) => {
  await signInAs(page, 'clerk', '/declarations');
  const table = page.getByTestId('declarations-table');
  await expect(table.getByTestId('declaration-row').first()).toBeVisible();

  const more = page.getByRole('button', { name: 'More filters' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(page.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
  for (const label of ['Declaration date', 'Created', 'Last updated'])
    await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
  const declarationDate = page.getByRole('button', { name: 'Declaration date', exact: true });
  await declarationDate.click();
  await expect(declarationDate).toHaveAttribute('aria-expanded', 'true');
  // Escape closes the calendar from inside it: wait until it has taken the focus, as a user's next key would.
  const calendar = page.locator(`#${await declarationDate.getAttribute('aria-controls')}`);
  await expect(calendar.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(declarationDate).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Fewer filters' }).click();
  await expect(page.getByRole('button', { name: 'Declaration date', exact: true })).toBeHidden();

  // The chooser traps focus on its first control, changes the columns at once and gives focus back on Escape.
  const chooser = page.getByRole('button', { name: 'Columns and density' });
  await expect(table.getByRole('columnheader', { name: 'MRN' })).toBeVisible();
  await chooser.click();
  const status = page.getByRole('checkbox', { name: 'Status' });
  await expect(status).toBeFocused();
  await page.getByRole('checkbox', { name: 'MRN' }).uncheck();
  await expect(table.getByRole('columnheader', { name: 'MRN' })).toHaveCount(0);
  await expectAccessible(page, 'column chooser open');
  await page.keyboard.press('Escape');
  await expect(status).toBeHidden();
  await expect(chooser).toBeFocused();
});

test('the filter form keeps its draft after its own search and takes a saved view; a row opens in the app from its LRN or anywhere on it, and in a new tab with Ctrl', async ({
  page,
}) => {
  await signInAs(page, 'clerk', '/declarations');
  const rows = page.getByTestId('declarations-table').getByTestId('declaration-row');
  await expect(rows.first()).toBeVisible();
  const filters = page.getByRole('search', { name: 'Declaration filters' });

  // Its own search: the URL follows and the form still shows what was searched for.
  await filters.getByRole('combobox', { name: 'Direction' }).click();
  await page.getByRole('option', { name: 'IN · import' }).click();
  await filters.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/direction=IN/);
  await expect(filters.getByRole('combobox', { name: 'Direction' })).toHaveValue('IN · import');
  // A saved view from elsewhere replaces the form's filters.
  await page.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: 'Invalid', exact: true }).click();
  await expect(page).toHaveURL(/currentStatus=Invalid/);
  await expect(page).not.toHaveURL(/direction=/);
  await expect(filters.getByRole('combobox', { name: 'Direction' })).toHaveValue('');

  // The LRN link: its address for a new tab, and a plain click opens the declaration without reloading the page.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const link = rows.first().getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/declarations\/[0-9a-f-]{36}$/);
  // Ctrl-click (Cmd on macOS) is the browser's: the declaration opens in a new tab and this page stays on the list.
  const listUrl = page.url();
  const opened = page.context().waitForEvent('page');
  await link.click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  // The tab opens at the declaration's address (it may then ask to sign in: the session is kept per tab).
  expect(new URL(tab.url()).pathname).toBe(href);
  await tab.close();
  expect(page.url()).toBe(listUrl);
  await expect(rows.first().getByRole('link')).toHaveAttribute('href', href ?? '');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href ?? ''}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Declaration / })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Back to the list; a click on a row's status cell opens that row.
  await page.goBack();
  const second = rows.nth(1);
  const secondId = await second.getAttribute('data-declaration-id');
  await second.locator('td[data-column="status"]').click();
  await expect(page).toHaveURL(new RegExp(`/declarations/${secondId ?? ''}$`));
});
