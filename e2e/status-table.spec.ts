import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { DECLARATION_STATUSES, statusInfo } from '../src/contract/declaration-statuses';
import { declarationSearchResultSchema } from '../src/contract/declarations';
import { signInAs } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/**
 * The status table and the availability table as a clerk meets them: the status filter offers
 * every status the sandbox produces, a status badge explains itself with the table's meaning, and
 * the Actions menu of an alerted inbound e-AD offers what the table's rows allow in Alerted.
 */

async function serviceToken(): Promise<string> {
  const client = 'console-acc';
  const res = await fetch(`${SANDBOX_URL}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client, client_secret: `${client}-secret`, scope: `api://customs-sandbox/${client}/.default` }),
  });
  expect(res.status).toBe(200);
  return z.object({ access_token: z.string() }).parse(await res.json()).access_token;
}

test('the status filter suggests every status of the table; a Delivered badge explains itself', async ({ page }) => {
  await signInAs(page, 'clerk', '/declarations');
  const status = page.getByRole('textbox', { name: 'Status' }).or(page.getByRole('combobox', { name: 'Status' })).first();
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
  const res = await fetch(`${SANDBOX_URL}/v1/declarations/search?currentStatus=Alerted&direction=IN`, { headers: { authorization: `Bearer ${await serviceToken()}` } });
  const alerted = declarationSearchResultSchema.parse(await res.json()).find((d) => d.arc);
  if (!alerted) throw new Error('the seed data has no alerted inbound e-AD');
  await signInAs(page, 'clerk', `/declarations/${alerted.declarationId}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  for (const name of [/^Receipt report/, /^Reject or alert e-AD/, /^Delay for delivery/]) await expect(page.getByRole('menuitem', { name })).toBeVisible({ timeout: 20_000 });
  for (const name of [/^Submit/, /^Validate/, /^Change destination/, /^Complementary explanation/, /^Goods arrived/]) await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
