import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * Movement orders: a clerk opens a seeded Invalid order by id (the service has no list) and sees
 * its status, validation errors and lines; the id is then remembered as recently viewed.
 * Ingestion: a clerk sends a customs shipment, sees the referenceId, then the declaration the
 * service created for it appears live and opens.
 */

/** Seeded Invalid order (src/sandbox/movement-orders/movement-order-seed.ts: RFFC, wrong destination, zero quantity, country XX). */
const INVALID_ORDER = '5eed0000-0000-4000-8000-000000000003-1';

test('a clerk opens a seeded movement order by id', async ({ page }) => {
  await signInAs(page, 'clerk', '/movement-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Movement orders' })).toBeVisible();
  await expect(page.getByText('None yet in this browser.')).toBeVisible();
  await expectAccessible(page, 'movement orders', { anyImpact: true });

  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Enter a movement order id.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Movement order id' }).fill(INVALID_ORDER);
  await page.getByRole('button', { name: 'Open' }).click();

  await expect(page).toHaveURL(new RegExp(`/movement-orders/${INVALID_ORDER}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Movement order WMS-RFFC-0007' })).toBeVisible();
  await expect(page.getByText('Invalid', { exact: true })).toBeVisible();
  await expect(page.getByText(/Failed the checks/)).toBeVisible();
  await expect(page.getByText('RFFC – Release for free circulation')).toBeVisible();
  const errors = page.getByRole('alert').filter({ hasText: 'Validation errors' });
  await expect(errors).toContainText('V602');
  await expect(errors).toContainText('customsDestination Home is not one of');
  await expect(errors).toContainText('V612');
  const lines = page.getByTestId('movement-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('FG-CHOC-500');
  await expect(lines.first()).toContainText('0 KGM');
  await expect(lines.first()).toContainText('preferential XX');
  await expectAccessible(page, 'seeded invalid movement order', { anyImpact: true });

  await page.getByRole('link', { name: '← Movement orders' }).click();
  await expect(page.getByRole('link', { name: INVALID_ORDER })).toBeVisible();

  await page.goto('/movement-orders/5eed0000-0000-4000-8000-000000000099-1');
  await expect(page.getByRole('alert').filter({ hasText: 'No movement order with this id' })).toBeVisible();
  await expectAccessible(page, 'unknown movement order', { anyImpact: true });
});

test('a clerk sends a customs shipment and follows it to its declaration', async ({ page }) => {
  await signInAs(page, 'clerk', '/ingestion');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingestion' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible({ timeout: 15_000 });
  // The raw JSON editor is the expert mode beside the structured forms.
  await page.getByRole('tab', { name: 'Expert: JSON' }).click();
  const editor = page.getByRole('textbox', { name: 'Customs shipment (JSON)' });

  // Client-side contract check: issues by path, nothing sent.
  await editor.fill('{"externalReference": "X", "direction": "SIDEWAYS"}');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'does not match the contract' })).toContainText('direction');

  await page.getByRole('button', { name: 'New example' }).click();
  const externalReference = `E2E-INGEST-${Date.now()}`;
  const example = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
  await editor.fill(JSON.stringify({ ...example, externalReference }, null, 2));
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'matches the contract' })).toBeVisible();
  await expectAccessible(page, 'ingestion form validated', { anyImpact: true });

  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByTestId('sent-message').filter({ hasText: externalReference });
  await expect(sent.getByTestId('reference-id')).toHaveText(/^[0-9a-f-]{36}$/);
  const link = sent.getByRole('link', { name: /^Declaration / });
  await expect(link.first()).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'ingestion with the sent message', { anyImpact: true });

  await link.first().click();
  await expect(page).toHaveURL(/\/declarations\/[0-9a-f-]{36}/);
  await expect(page.getByText(externalReference).first()).toBeVisible();
});
