import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * The deadline radar (issue 26): the seed holds pre-lodged declarations whose goods were due
 * weeks ago; a supervisor finds them on /radar, overdue, each linking to its declaration.
 */
test('the radar lists the seed’s overdue pre-lodged declarations with age, owner and due time, linking to each', async ({ page }) => {
  // The seed makes hundreds of rows late: axe takes its time over a table that long.
  test.setTimeout(120_000);
  await signInAs(page, 'supervisor', '/my-work');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Radar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Radar' })).toBeVisible();

  await page.getByText('Late now', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Late now' })).toBeChecked();
  const arrival = page.locator('[data-testid="radar-row"][data-kind="arrival"]');
  await expect(arrival.first()).toBeVisible();
  const row = arrival.first();
  await expect(row).toContainText('Goods not arrived');
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText('Unassigned');
  await expect(row).toContainText(/overdue by \d+ d/);
  await expectAccessible(page, 'Radar');

  const link = row.getByRole('link');
  const lrn = (await link.textContent()) ?? '';
  expect(lrn).toMatch(/^CAS/);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(lrn) })).toBeVisible();
});
