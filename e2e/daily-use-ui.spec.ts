import { expect, test, type Locator, type Page } from '@playwright/test';
import { declarationSchema, declarationSearchResultSchema, type DeclarationSummary } from '../src/contract/declarations';
import { serviceToken } from './support/service-api';
import { signInAs } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/**
 * What a clerk, supervisor and analyst see in daily use: pages by role, dates written one way,
 * pickers that take Enter, Ctrl+K that keeps an early Enter, identifiers to copy, the search's
 * Errors and ARC columns, the receipt report's prefilled office and direction's conclusions, the
 * shell and the movement-order grid at 1024x768, and the favicon.
 */

// Each journey signs in afresh; on a shared, busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** "4 Mar 2026, 06:06:07": day, month name, year and 24-hour time with seconds (src/lib/format.ts). */
const FULL_TIME = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/;

async function sandboxSearch(query: Record<string, string>): Promise<DeclarationSummary[]> {
  const res = await fetch(`${SANDBOX_URL}/v1/declarations/search?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(res.status).toBe(200);
  return declarationSearchResultSchema.parse(await res.json());
}

/** Fails when something else (e.g. an open dropdown) covers the middle of the element. */
async function expectUncovered(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await expect
    .poll(() =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && (element === top || element.contains(top));
      }),
    )
    .toBe(true);
}

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link');

test('the navigation lists only the pages the role can use, and a clerk opening /review is told it is not for the role without any refused request', async ({
  page,
}) => {
  const refused: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await signInAs(page, 'clerk', '/declarations');
  await expect(navLinks(page)).toHaveText([
    'My work',
    'Radar',
    'Dashboard',
    'Declarations',
    'Approvals',
    'Tariff',
    'Subscriptions',
    'Movement orders',
    'Ingestion',
    'Events',
    'Notifications',
    'Connection',
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Declarations' })).toBeVisible();

  await page.goto('/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Review desk' })).toBeVisible();
  await expect(page.getByTestId('not-for-your-role')).toContainText('Review desk is for supervisors');
  await expect(page.getByTestId('not-for-your-role')).toContainText('not for your role (clerk)');
  await page.goto('/classification');
  await expect(page.getByTestId('not-for-your-role')).toContainText('Classification is for analysts');
  expect(refused).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an analyst is not offered Ingestion, Subscriptions or Movement orders', async ({ page }) => {
  await signInAs(page, 'analyst', '/events');
  await expect(navLinks(page)).toHaveText([
    'Declarations',
    'Approvals',
    'Classification',
    'Tariff',
    'Events',
    'Notifications',
    'Connection',
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.goto('/ingestion');
  await expect(page.getByTestId('not-for-your-role')).toContainText('Ingestion is for clerks and supervisors');
});

test('Ctrl+K opens the single match of an Enter pressed before the lookup answered', async ({ page }) => {
  const [target] = await sandboxSearch({ limit: '1', offset: '7' });
  if (!target) throw new Error('no seeded declaration');
  await signInAs(page, 'clerk', '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const input = page.getByRole('dialog', { name: 'Find a declaration' }).getByRole('textbox', { name: 'Identifier' });
  await input.fill(target.lrn);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/declarations/${target.declarationId}$`));
});

test('the search shows error counts and first codes, the excise view its ARCs, and a double click on an identifier selects it instead of opening the row', async ({
  page,
}) => {
  await signInAs(page, 'clerk', '/events');
  await navLinks(page).filter({ hasText: 'Declarations' }).click();
  const table = page.getByTestId('declarations-table');
  const views = page.getByRole('group', { name: 'Saved views' });
  await views.getByRole('button', { name: 'Invalid', exact: true }).click();
  await expect(views.getByRole('button', { name: 'Invalid', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.locator('tr[data-declaration-id]').first()).toContainText(/\d+ · [A-Z0-9]+/);

  await views.getByRole('button', { name: 'Excise movements awaiting receipt', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'ARC' })).toBeVisible();
  const arc = table
    .locator('[data-identifier]')
    .filter({ hasText: /^\d{2}[A-Z]{2}[A-Z0-9]{17}$/ })
    .first();
  await expect(arc).toBeVisible();

  // A double click on the first row's ARC selects it to copy; then a single click opens the second row.
  await arc.dblclick();
  expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe((await arc.textContent())?.trim());
  const listUrl = page.url();
  const rows = table.locator('tr[data-declaration-id]');
  const secondId = await rows.nth(1).getAttribute('data-declaration-id');
  await rows.nth(1).locator('td').last().click();
  await expect(page).toHaveURL(new RegExp(`/declarations/${secondId ?? 'missing'}$`));
  // Back lands on the list: the double click opened nothing in between.
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
});

test('identifiers on the declaration page have copy buttons', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [accepted] = (await sandboxSearch({ currentStatus: 'Accepted', limit: '20' })).filter((d) => d.mrn);
  if (!accepted?.mrn) throw new Error('no accepted declaration with an MRN');
  await signInAs(page, 'clerk', `/declarations/${accepted.declarationId}`);
  await page.getByRole('button', { name: 'Copy MRN' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(accepted.mrn);
  await expect(page.getByRole('button', { name: 'Copy LRN' })).toBeVisible();
});

test('the receipt report prefills the destination office and offers only receipt conclusions on an import', async ({ page }) => {
  const [ead] = (await sandboxSearch({ currentStatus: 'Accepted', direction: 'IN', customsFlowStep: 'e-AD Receipt' })).filter((d) => d.arc);
  if (!ead) throw new Error('no accepted inbound e-AD');
  const res = await fetch(`${SANDBOX_URL}/v1/declarations/${ead.declarationId}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  const office = declarationSchema.parse(await res.json()).singleAdministrativeDocument.declarationOfficeCode;
  await signInAs(page, 'clerk', `/declarations/${ead.declarationId}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: /^Receipt report/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt report' });
  await expect(dialog.getByRole('textbox', { name: 'Destination office' })).toHaveValue(office ?? '');
  await dialog
    .getByRole('textbox', { name: 'Global conclusion of receipt' })
    .or(dialog.getByRole('combobox', { name: 'Global conclusion of receipt' }))
    .first()
    .click();
  await expect(page.getByRole('option')).toHaveText([/^1 – /, /^2 – /, /^3 – /, /^4 – /, /^11 – /]);
});

test('pickers take Enter on the single match and keep the field’s error in view while open', async ({ page }) => {
  await signInAs(page, 'clerk', '/ingestion');
  const form = page.getByRole('form', { name: 'Customs shipment' });
  await form.getByRole('textbox', { name: 'External reference' }).fill(`E2E-PICKER-${Date.now()}`);
  // The first problem gets the focus, which opens the office picker's list: its error stays in view.
  await form.getByRole('button', { name: 'Send customs shipment' }).click();
  const office = form.getByRole('combobox', { name: 'Declaration office' });
  await expect(office).toBeFocused();
  await office.fill('GB');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectUncovered(form.getByText(/is required: the customs office/));
  await office.fill('Felixstowe');
  await office.press('Enter');
  await expect(office).toHaveValue(/^GB000051 Felixstowe/);
});

test('an item’s origin is the same country picker when edited as when created', async ({ page }) => {
  await signInAs(page, 'analyst', '/classification');
  await page.getByLabel('External reference').fill('SKU-10003');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('classification-results').getByRole('link', { name: 'SKU-10003' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SKU-10003' })).toBeVisible();
  const origin = page
    .getByRole('textbox', { name: 'Origin' })
    .or(page.getByRole('combobox', { name: 'Origin' }))
    .first();
  await origin.fill('');
  await origin.pressSequentially('de');
  await origin.press('Enter');
  await expect(origin).toHaveValue('DE · Germany');
});

test('times read day, month name and year everywhere, and date filters are pickers in that format', async ({ page }) => {
  // An event for the log: validating a declaration makes the service report it to the console.
  const [invalid] = await sandboxSearch({ currentStatus: 'Invalid', limit: '1' });
  if (!invalid) throw new Error('no invalid declaration');
  const validate = await fetch(`${SANDBOX_URL}/v1/declarations/${invalid.declarationId}/validate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(validate.status).toBe(202);
  await signInAs(page, 'clerk', '/events');
  const firstTime = page.getByTestId('event-row').first().getByRole('cell').first().locator('p').first();
  await expect(firstTime).toHaveText(FULL_TIME, { timeout: 60_000 });
  await expect(page.locator('input[type="datetime-local"], input[type="date"]')).toHaveCount(0);
  await page.goto('/events?from=2026-11-15T12:00:00.000Z');
  await expect(page.getByRole('button', { name: 'Event time from' })).toHaveText(/^15 Nov 2026, \d{2}:\d{2}$/);

  await page.goto('/movement-orders/5eed0000-0000-4000-8000-000000000003-1');
  await expect(page.locator('dt', { hasText: 'Timestamp' }).locator('xpath=following-sibling::dd[1]')).toHaveText(FULL_TIME);
  await page.goto('/movement-orders/new');
  await expect(page.getByRole('button', { name: /^Date and time/ })).toHaveText(FULL_TIME);
  await page.goto('/ingestion');
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
});

test.describe('at 1024x768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the navigation collapses by keyboard and every movement-order line column is reachable beside the sticky item id', async ({
    page,
  }) => {
    await signInAs(page, 'clerk', '/movement-orders/new');
    const hide = page.getByRole('button', { name: 'Hide navigation' });
    await hide.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Events' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Show navigation' }).press('Enter');
    await expect(page.getByRole('link', { name: 'Events' })).toBeInViewport();
    await page.getByRole('button', { name: 'Hide navigation' }).press('Enter');

    const grid = page.getByRole('grid', { name: 'Lines of movement 1' });
    const headers = grid.getByRole('columnheader');
    const names = [
      'Item id',
      'Description',
      'Direction',
      'Quantity',
      'Unit',
      'Excise product',
      'ASV %',
      'Batch',
      'Storage location',
      'Authorization',
      'Pref. origin',
      'Non-pref. origin',
    ];
    for (const name of names) {
      const header = headers.filter({ hasText: name }).first();
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeInViewport();
    }
    // Scrolled to the last column, the line's item id is still in view.
    await expect(headers.filter({ hasText: 'Item id' })).toBeInViewport({ ratio: 1 });
    await expectUncovered(headers.filter({ hasText: 'Item id' }));
  });
});

test('the console, its sign-in bridge and the sandbox sign-in page have a favicon', async ({ page, request }) => {
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  await page.goto('/sign-in');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  const bridge = await request.get('/redirect.html');
  expect(await bridge.text()).toContain('rel="icon"');
});
