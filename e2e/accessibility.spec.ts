import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInFromConsole, submitIssuerForm } from './support/sign-in';

test('sign-in pages, shell and Connection page have no serious accessibility violations', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'console sign-in page');

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await expectAccessible(page, 'issuer sign-in page');
  await submitIssuerForm(page, 'clerk', 'wrong');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'issuer sign-in page with an error');
  await submitIssuerForm(page, 'clerk', 'clerk');
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'console shell');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connection' }).click();
  await expect(page.getByTestId('connection-summary')).toBeVisible();
  await expectAccessible(page, 'Connection page');
});

test('the console sign-in page is reachable signed out from any deep link', async ({ page }) => {
  await page.goto('/subscriptions');
  await signInFromConsole(page, 'analyst');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expectAccessible(page, 'Subscriptions page (not available to the analyst role)');
});
