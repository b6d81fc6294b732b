import { expect, test } from '@playwright/test';
import { signInForReal, submitIssuerForm } from './support/sign-in';

// After a reload the tab starts from its stored token: sign-out loads MSAL first.
for (const reloaded of [false, true]) {
  test(`signing out ends the session and returns to sign-in${reloaded ? ', also in a reloaded tab' : ''}`, async ({ page }) => {
    await signInForReal(page, 'clerk', '/connection');
    if (reloaded) {
      await page.reload();
      await expect(page.getByTestId('signed-in-user')).toContainText('Clara Clerk');
    }
    await page.getByRole('button', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // Console pages need a new sign-in, and the issuer asks for credentials again (its session ended too).
    await page.goto('/connection');
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitIssuerForm(page, 'supervisor', 'supervisor');
    await expect(page).toHaveURL(/\/connection$/);
    await expect(page.getByTestId('signed-in-user')).toContainText('Sam Supervisor');
  });
}
