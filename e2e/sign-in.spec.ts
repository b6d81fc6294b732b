import { expect, test } from '@playwright/test';
import { signInFromConsole, submitIssuerForm, USERS } from './support/sign-in';

/** Pages the navigation leaves out for a role (src/contract/console-pages.ts). */
const NOT_FOR_ROLE: Readonly<Record<string, readonly string[]>> = {
  clerk: ['Classification'],
  analyst: ['Subscriptions', 'Movement orders', 'Ingestion'],
  supervisor: ['Classification'],
  supervisor2: ['Classification'],
};

test.describe('signing in through the issuer', () => {
  for (const user of USERS) {
    test(`${user.username} sees the console with name, role and environment`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(page.getByTestId('environment-banner')).toContainText('ACCEPTANCE (sandbox)');

      await signInFromConsole(page, user.username);

      // Each role lands on its own work: analysts on Classification, the others on Declarations.
      const landing = user.username === 'analyst' ? 'Classification' : 'Declarations';
      await expect(page).toHaveURL(new RegExp(`/${landing.toLowerCase()}$`));
      await expect(page.getByTestId('signed-in-user')).toContainText(user.name);
      await expect(page.getByTestId('signed-in-user')).toContainText(user.role);
      await expect(page.getByTestId('environment-banner')).toContainText('ACCEPTANCE (sandbox)');
      // The navigation lists only the pages the role can use.
      const nav = page.getByRole('navigation', { name: 'Main' });
      const hidden = NOT_FOR_ROLE[user.username] ?? [];
      for (const label of ['Declarations', 'Classification', 'Subscriptions', 'Movement orders', 'Ingestion', 'Connection']) {
        if (hidden.includes(label)) await expect(nav.getByRole('link', { name: label })).toHaveCount(0);
        else await expect(nav.getByRole('link', { name: label })).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 1, name: landing })).toBeVisible();
    });
  }

  test('a wrong password shows an error on the sign-in page and moves focus to it', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitIssuerForm(page, 'clerk', 'not-the-password');
    const error = page.getByRole('alert');
    await expect(error).toContainText('The username or password is not correct');
    await expect(error).toBeFocused();
    await expect(page.getByText('ACCEPTANCE sandbox')).toBeVisible();
    // The same form then accepts the right password.
    await submitIssuerForm(page, 'clerk', 'clerk');
    await expect(page.getByTestId('signed-in-user')).toContainText('Clara Clerk');
  });

  test('the skip link leads keyboard users to the main content', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitIssuerForm(page, 'analyst', 'analyst');
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });
});
