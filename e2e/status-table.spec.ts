import { expect, test } from '@playwright/test';
import { DECLARATION_STATUSES, statusInfo } from '../src/contract/declaration-statuses';
import { declarationSearchResultSchema } from '../src/contract/declarations';
import { expectAccessible } from './support/axe';
import { serviceToken } from './support/service-api';
import { signInAs } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/**
 * The status table and the availability table as a clerk meets them: the status filter offers
 * every status the sandbox produces, a status badge explains itself with the table's meaning, and
 * the Actions menu of an alerted inbound e-AD offers what the table's rows allow in Alerted.
 */

test('the status filter suggests every status of the table; a Delivered badge explains itself', async ({ page }) => {
  await signInAs(page, 'clerk', '/declarations');
  const status = page
    .getByRole('textbox', { name: 'Status' })
    .or(page.getByRole('combobox', { name: 'Status' }))
    .first();
  await status.click();
  for (const name of DECLARATION_STATUSES) await expect(page.getByRole('option', { name, exact: true })).toBeAttached();
  await page.getByRole('option', { name: 'Delivered', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/currentStatus=.*Delivered/, { timeout: 20_000 });
  const badge = page.getByTestId('declarations-table').locator('td[data-column="status"]').first();
  await expect(badge).toHaveText('Delivered', { timeout: 20_000 });
  await expect(badge.locator('[title]').first()).toHaveAttribute('title', statusInfo('Delivered')?.meaning ?? '');
});

test('an alerted inbound e-AD offers a clerk the consignee’s EMCS actions and nothing the table refuses in Alerted', async ({ page }) => {
  const res = await fetch(`${SANDBOX_URL}/v1/declarations/search?currentStatus=Alerted&direction=IN`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  const alerted = declarationSearchResultSchema.parse(await res.json()).find((d) => d.arc);
  if (!alerted) throw new Error('the seed data has no alerted inbound e-AD');
  await signInAs(page, 'clerk', `/declarations/${alerted.declarationId}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  for (const name of [/^Receipt report/, /^Reject or alert e-AD/, /^Delay for delivery/])
    await expect(page.getByRole('menuitem', { name })).toBeVisible({ timeout: 20_000 });
  for (const name of [/^Submit/, /^Validate/, /^Change destination/, /^Complementary explanation/, /^Goods arrived/])
    await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
  await expectAccessible(page, 'declaration actions menu of an alerted e-AD');
});
