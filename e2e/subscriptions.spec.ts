import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * Webhook subscriptions: a supervisor creates one (loopback http with a shared-secret header),
 * replaces it with another subtype (no update operation: create new, delete old) and deletes it;
 * a clerk reads the list without write controls. The console's own live-updates subscriptions
 * are listed too, marked as such.
 */

const HOOK = 'http://localhost:9/hook';
const LIVE_BADGE = "used by this console's live updates";

/** The BFF subscribes itself shortly after start: reload until its rows show. */
async function expectLiveRows(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(LIVE_BADGE).first()).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

const hookRows = (page: Page) => page.getByTestId('subscription-row').filter({ hasText: HOOK });

test('a supervisor creates, replaces and deletes a subscription', async ({ page }) => {
  // Many steps and axe runs on a shared 2-core machine.
  test.setTimeout(120_000);
  await signInAs(page, 'supervisor', '/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expectLiveRows(page);
  await expect(page.getByText(/no delivery log/)).toBeVisible();

  await page.getByRole('button', { name: 'New subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'New subscription' });
  // Client-side contract rules first: the first faulty field gets focus.
  await dialog.getByRole('button', { name: 'Create subscription' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Event type' })).toBeFocused();

  // A misspelt type passes the contract but the service refuses it (400): shown on the field, focused.
  await dialog.getByRole('combobox', { name: 'Event type' }).fill('DeclarationStatusChanged');
  await expect(dialog.getByText(/the subtype is the new status/)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Event type' }).fill('DeclarationStatusChange');
  await dialog.getByRole('combobox', { name: 'Subtype' }).fill('Released');
  await dialog.getByRole('textbox', { name: 'Destination URL' }).fill(HOOK);
  await dialog.getByRole('radio', { name: 'Shared-secret header' }).check();
  await dialog.getByRole('button', { name: 'Add header' }).click();
  await dialog.getByRole('textbox', { name: 'Header 1 name' }).fill('X-E2E-Secret');
  await dialog.getByLabel('Header 1 value').fill('s3cret');
  await dialog.getByRole('button', { name: 'Create subscription' }).click();
  await expect(dialog.getByText(/did you mean DeclarationStatusChanged/)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Event type' })).toBeFocused();
  await dialog.getByRole('combobox', { name: 'Event type' }).fill('DeclarationStatusChanged');
  await expectAccessible(page, 'subscription form with a corrected event type', { include: '[role="dialog"]', anyImpact: true });
  await dialog.getByRole('button', { name: 'Create subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /created/ })).toBeVisible();

  await expect(hookRows(page)).toHaveCount(1);
  const row = hookRows(page);
  await expect(row).toContainText('DeclarationStatusChanged');
  await expect(row).toContainText('Released');
  await expect(row).toContainText('Shared header');
  await expect(row).toContainText('X-E2E-Secret');
  await expect(row).not.toContainText('s3cret');
  await expectAccessible(page, 'subscriptions with the new one', { anyImpact: true });

  // Guided replace: prefilled, secrets re-entered, new one created, both shown, old one deleted on confirmation.
  await row.getByRole('button', { name: /Replace subscription/ }).click();
  const replace = page.getByRole('dialog', { name: 'Replace subscription' });
  await expect(replace).toContainText('creates a new subscription first');
  await expect(replace.getByRole('region', { name: 'If the destination fails' })).toContainText('undelivered events expire');
  await expect(replace.getByRole('textbox', { name: 'Destination URL' })).toHaveValue(HOOK);
  await expect(replace.getByRole('textbox', { name: 'Header 1 name' })).toHaveValue('X-E2E-Secret');
  await expect(replace.getByLabel('Header 1 value')).toHaveValue('');
  await replace.getByRole('combobox', { name: 'Subtype' }).fill('Accepted');
  await replace.getByLabel('Header 1 value').fill('s3cret-2');
  await replace.getByRole('button', { name: 'Create the new subscription' }).click();
  await expect(replace.getByRole('status').filter({ hasText: 'Both subscriptions are active now' })).toContainText(
    'deduplicate on the envelope id',
  );
  await expect(replace).toContainText('active, to be deleted');
  await expect(hookRows(page)).toHaveCount(2);
  await expectAccessible(page, 'replace subscription, both active', { include: '[role="dialog"]', anyImpact: true });
  await replace.getByRole('button', { name: 'Delete the old subscription' }).click();
  await expect(replace).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /replaced/ })).toBeVisible();
  await expect(hookRows(page)).toHaveCount(1);
  await expect(hookRows(page)).toContainText('Accepted');
  await expect(hookRows(page)).not.toContainText('Released');

  await hookRows(page)
    .getByRole('button', { name: /Delete subscription/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete subscription' });
  await expect(confirm).toContainText('DeclarationStatusChanged / Accepted');
  await expect(confirm).toContainText(HOOK);
  await expectAccessible(page, 'delete subscription confirmation', { include: '[role="dialog"]', anyImpact: true });
  await confirm.getByRole('button', { name: 'Delete subscription' }).click();
  await expect(confirm).toBeHidden();
  await expect(hookRows(page)).toHaveCount(0);
});

test('a clerk sees the list read-only', async ({ page }) => {
  await signInAs(page, 'clerk', '/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expectLiveRows(page);
  await expect(page.getByText(/Only supervisors can create, replace or delete/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New subscription' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete subscription|Replace subscription/ })).toHaveCount(0);
  await expectAccessible(page, 'subscriptions for a clerk', { anyImpact: true });
});
