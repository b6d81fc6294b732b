import { expect, test } from '@playwright/test';
import { signInAs, submitIssuerForm } from './support/sign-in';

test('an ended session returns to sign-in and then back to where the user was', async ({ page, context }) => {
  await signInAs(page, 'supervisor');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connection' }).click();
  await expect(page.getByTestId('connection-summary')).toContainText('t-acc-001');
  // End everything that could renew silently: MSAL's cached tokens and the issuer's session cookie.
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (/accesstoken|refreshtoken/i.test(key)) sessionStorage.removeItem(key);
  });
  await context.clearCookies();
  // MSAL keeps a copy of its cache in memory: a reload makes it read the trimmed storage. The
  // console's first token need (its live-updates connection, then the page's data) finds the session over.
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?.*reason=expired/, { timeout: 20_000 });
  await expect(page.getByText('Your session has expired')).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitIssuerForm(page, 'supervisor', 'supervisor');
  await expect(page).toHaveURL(/\/connection$/);
  await expect(page.getByTestId('connection-summary')).toContainText('t-acc-001');
});

test('without a cached access token the console renews it with the refresh token, silently', async ({ page, context }) => {
  await signInAs(page, 'analyst');
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (/accesstoken/i.test(key)) sessionStorage.removeItem(key);
  });
  // No issuer session either: only the refresh token can renew.
  await context.clearCookies();
  const renewal = page.waitForResponse((r) => new URL(r.url()).pathname === '/oidc/token' && r.request().method() === 'POST');
  await page.reload();
  expect((await renewal).status()).toBe(200);
  await expect(page.getByTestId('signed-in-user')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connection' }).click();
  await expect(page.getByTestId('connection-summary')).toContainText('CUSTOMS-CONSOLE');
  await expect(page).toHaveURL(/\/connection$/);
});
