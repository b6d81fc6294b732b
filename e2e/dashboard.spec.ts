import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

// 90 days of charts and tables: axe takes its time over them.
test.setTimeout(240_000);

/**
 * The operations dashboard on the seed: a supervisor opens /dashboard, sees every figure filled
 * (the BFF backfilled the seed's 90 days from the service's search), opens a day's Invalid count
 * and lands on the declarations search for exactly those declarations. A clerk sees it read-only.
 */

test('a supervisor sees the day filled from the seed and drills down from a day’s Invalid declarations to the search', async ({ page }) => {
  await signInAs(page, 'supervisor', '/dashboard?range=90d');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const totals = page.locator('dl[aria-label="Totals"]');
  // The backfill runs once the console follows the service's events: wait for the figures, not a time.
  await expect(async () => {
    await page.reload();
    await expect(page.locator('dl[aria-label="Totals"] dd').first()).not.toHaveText('0', { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await expect(totals).toBeVisible();
  for (const title of [
    'Declarations per day by final status',
    'Lodgement to acceptance',
    'Lodgement to release',
    'Rejection rate',
    'Top error codes',
    'Backlog by status and age',
    'Throughput per person',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  // The charts are drawn (lazy-loaded) with bars from the seed.
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectAccessible(page, 'dashboard');

  const statusTable = page.getByRole('group').filter({ has: page.getByText('Table: Declarations per day by final status') });
  await page.getByText('Table: Declarations per day by final status').click();
  const invalidLink = statusTable.getByRole('link', { name: / Invalid on \d{4}-\d{2}-\d{2}$/ }).first();
  await expect(invalidLink).toBeVisible();
  const label = (await invalidLink.getAttribute('aria-label')) ?? '';
  const [, count, day] = /^(\d+) Invalid on (\d{4}-\d{2}-\d{2})$/.exec(label) ?? [];
  await invalidLink.click();

  await expect(page).toHaveURL(/\/declarations\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('currentStatus')).toBe('Invalid');
  expect(url.searchParams.get('creationDateFrom')).toBe(day);
  expect(url.searchParams.get('creationDateTo')).toBe(day);
  await expect(page.getByRole('heading', { level: 1, name: 'Declarations' })).toBeVisible();
  const rows = page.getByTestId('declarations-table').getByTestId('declaration-row');
  await expect(rows).toHaveCount(Number(count));
});

test('a clerk sees the dashboard read-only: the targets without a form', async ({ page }) => {
  await signInAs(page, 'clerk', '/dashboard?range=7d');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Service-level targets' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save targets' })).toHaveCount(0);
  await expect(page.getByText(/Lodgement to acceptance: \d+ min/)).toBeVisible();
  await expectAccessible(page, 'dashboard as a clerk');
});
