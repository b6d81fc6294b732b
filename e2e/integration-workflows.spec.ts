import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { returnOnAcceptMessageSchema } from '../src/contract/customs-shipment';
import { validShipment } from '../src/sandbox/flows/test-fixtures';
import { serviceToken } from './support/service-api';
import { signInAs } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/**
 * Integration workflows of a new clerk and supervisor: a formula stopped at a secondary product
 * without isWaste, then sent; a customs shipment from the structured form, followed to its
 * declaration; the events page showing a status change live; a gap in the subscription coverage
 * closed from the matrix. axe on every new page and dialog.
 */

async function sendShipmentThroughApi(externalReference: string): Promise<void> {
  const res = await fetch(`${SANDBOX_URL}/v1/customsshipments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await serviceToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(validShipment({ externalReference, messageType: 'New' })),
  });
  expect(res.status).toBe(202);
  returnOnAcceptMessageSchema.parse(await res.json());
}

test.describe.configure({ timeout: 120_000 });

test('a clerk sending a formula is stopped at the secondary product without isWaste, then sends it', async ({ page }) => {
  await signInAs(page, 'clerk', '/ingestion');
  await page.getByRole('tab', { name: 'Formula' }).click();
  const form = page.getByRole('form', { name: 'Formula' });
  await form.getByRole('textbox', { name: 'Produced item id' }).fill(`FG-E2E-${Date.now()}`);
  await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill('100');
  await form.getByRole('textbox', { name: 'Unit of measure' }).fill('KGM');
  await form.getByRole('combobox', { name: 'Processing type' }).selectOption('1');
  await form.getByRole('textbox', { name: 'Active from' }).fill('2026-01-01T00:00:00Z');
  await form.getByRole('textbox', { name: 'Line 1 item id' }).fill('RM-COCOA');
  await form.getByRole('textbox', { name: 'Line 1 quantity' }).fill('40.5');
  await form.getByRole('textbox', { name: 'Line 1 unit' }).fill('KGM');
  await form.getByRole('button', { name: 'Add secondary product' }).click();
  await form.getByRole('textbox', { name: 'Secondary product 1 item id' }).fill('BY-SHELLS');
  await form.getByRole('textbox', { name: 'Secondary product 1 quantity' }).fill('3');
  await form.getByRole('textbox', { name: 'Secondary product 1 unit' }).fill('KGM');

  await form.getByRole('button', { name: 'Send formula' }).click();
  const isWaste = form.getByRole('combobox', { name: 'Secondary product 1 is waste' });
  await expect(isWaste).toBeFocused();
  await expect(form.getByText('isWaste is required (true or false)')).toBeVisible();
  await expect(page.getByTestId('reference-id')).toHaveCount(0);
  await expectAccessible(page, 'movement order form with a field error');

  await isWaste.selectOption('true');
  await form.getByRole('button', { name: 'Send formula' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The formula was accepted' }).getByTestId('reference-id')).toHaveText(
    /^[0-9a-f-]{36}$/,
  );
});

test('a clerk sends a customs shipment from the structured form and follows it to its declaration', async ({ page }) => {
  await signInAs(page, 'clerk', '/ingestion');
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible({ timeout: 15_000 });
  const form = page.getByRole('form', { name: 'Customs shipment' });
  const externalReference = `E2E-FORM-${Date.now()}`;
  await form.getByRole('textbox', { name: 'External reference' }).fill(externalReference);

  // Checked before sending: the office is required, the first problem gets focus.
  await form.getByRole('button', { name: 'Send customs shipment' }).click();
  const office = form.getByRole('combobox', { name: 'Declaration office' });
  await expect(office).toBeFocused();
  await expect(form.getByText(/is required: the customs office/)).toBeVisible();

  await office.fill('Felixstowe');
  await page.getByRole('option', { name: /^GB000051 Felixstowe/ }).click();
  await form.getByRole('textbox', { name: 'Invoice currency' }).fill('GBP');
  await form.getByRole('textbox', { name: 'Consignee name' }).fill('Acme Trading UK Ltd');
  await form.getByRole('textbox', { name: 'Consignee EORI' }).fill('GB123456789000');
  await form.getByRole('textbox', { name: 'Item 1 description' }).fill('Smartphones');
  await form.getByRole('combobox', { name: 'Item 1 commodity code' }).fill('85171300');
  await form.getByRole('textbox', { name: 'Item 1 gross mass (kg)' }).fill('12');
  await form.getByRole('textbox', { name: 'Item 1 net mass (kg)' }).fill('10');
  await form.getByRole('textbox', { name: 'Item 1 customs value' }).fill('3200');
  await form.getByRole('textbox', { name: 'Item 1 currency' }).fill('GBP');
  await form.getByRole('button', { name: 'Add package to item 1' }).click();
  await form.getByRole('textbox', { name: 'Item 1 package 1 type' }).fill('CT');
  await form.getByRole('textbox', { name: 'Item 1 package 1 quantity' }).fill('4');
  await expectAccessible(page, 'customs shipment form');

  await form.getByRole('button', { name: 'Send customs shipment' }).click();
  const sent = page.getByTestId('sent-message').filter({ hasText: externalReference });
  await expect(sent.getByTestId('reference-id')).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(sent.getByRole('link', { name: /^Declaration / }).first()).toBeVisible({ timeout: 30_000 });
});

test('the events page shows a status change live, without a reload', async ({ page }) => {
  await signInAs(page, 'analyst', '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'events page, live');
  const marker = await page.evaluateHandle(() => ({ samePage: true }));

  const externalReference = `E2E-EVENTS-${Date.now()}`;
  await sendShipmentThroughApi(externalReference);
  const row = page.getByTestId('event-row').filter({ hasText: externalReference }).filter({ hasText: 'DeclarationStatusChanged' });
  await expect(row.first()).toBeVisible({ timeout: 30_000 });
  // Still the same document: the row came over the live feed.
  expect(await marker.evaluate((m) => m.samePage)).toBe(true);
  await expect(row.first().getByRole('link')).toHaveAttribute('href', /\/declarations\/[0-9a-f-]{36}$/);

  // Filters live in the URL and apply to the stored events too.
  await page.getByRole('textbox', { name: /^Reference/ }).fill(externalReference);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`reference=${externalReference}`));
  await page.reload();
  await expect(page.getByTestId('event-row').first()).toContainText(externalReference);
  await expect(page.getByTestId('event-row').filter({ hasNotText: externalReference })).toHaveCount(0);
});

test('a supervisor sees a gap in the coverage matrix, creates the missing subscription, and the gap closes', async ({ page }) => {
  const hook = `http://localhost:9/gap-${Date.now()}`;
  await signInAs(page, 'supervisor', '/subscriptions');
  const gapRow = page
    .getByTestId('coverage-row')
    .filter({ has: page.getByRole('cell', { name: 'Invalid', exact: true }) })
    .filter({ hasText: 'DeclarationStatusChanged' });
  await expect(gapRow).toHaveAttribute('data-state', 'uncovered', { timeout: 20_000 });
  const gaps = page.getByRole('alert').filter({ hasText: 'Important gaps' });
  await expect(gaps).toContainText('DeclarationStatusChanged / Invalid');
  await expectAccessible(page, 'subscription coverage with gaps');

  await gapRow.getByRole('button', { name: 'Create subscription for DeclarationStatusChanged / Invalid' }).click();
  const dialog = page.getByRole('dialog', { name: 'New subscription' });
  await expect(dialog.getByRole('combobox', { name: 'Event type' })).toHaveValue('DeclarationStatusChanged');
  await expect(dialog.getByRole('combobox', { name: 'Subtype' })).toHaveValue('Invalid');
  await expect(dialog.getByText('undelivered events expire')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Destination URL' }).fill(hook);
  await expectAccessible(page, 'subscription form for a gap', { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Create subscription' }).click();
  await expect(dialog).toBeHidden();

  await expect(gapRow).toHaveAttribute('data-state', 'covered');
  await expect(gaps.filter({ hasText: 'DeclarationStatusChanged / Invalid' })).toHaveCount(0);

  // Leave the tenant as it was, so the journey can run again on the same stack.
  await page
    .getByTestId('subscription-row')
    .filter({ hasText: hook })
    .getByRole('button', { name: /Delete subscription/ })
    .click();
  await page.getByRole('dialog', { name: 'Delete subscription' }).getByRole('button', { name: 'Delete subscription' }).click();
  await expect(gapRow).toHaveAttribute('data-state', 'uncovered');
});
