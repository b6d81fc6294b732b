import { expect, test } from '@playwright/test';
import { signInForReal, submitIssuerForm } from './support/sign-in';

test('an ended session returns to sign-in and then back to where the user was', async ({ page, context }) => {
  await signInForReal(page, 'supervisor');
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
  await signInForReal(page, 'analyst');
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

test('a reload of a signed-in tab shows the declarations without loading MSAL; MSAL renews the token once it is due', async ({ page }) => {
  await signInForReal(page, 'clerk', '/declarations');
  const msalChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/msal-client-[^/]*\.js$/.test(new URL(r.url()).pathname)) msalChunks.push(r.url());
  });
  const rows = page.getByTestId('declarations-table').getByTestId('declaration-row');

  // The console's stored token is fresh: the first screen starts from it.
  await page.reload();
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('signed-in-user')).toContainText('Clara Clerk');
  expect(msalChunks).toEqual([]);

  // Due for renewal: MSAL loads and gives a token (from its cache or with the refresh token).
  await page.evaluate(() => {
    const key = 'customs-console.accesstoken.v1';
    const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { value: { expiresAt: number } } | null;
    if (!stored) throw new Error('no stored token');
    stored.value.expiresAt = Date.now();
    sessionStorage.setItem(key, JSON.stringify(stored));
  });
  await page.reload();
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('signed-in-user')).toContainText('Clara Clerk');
  expect(msalChunks).toHaveLength(1);
});
