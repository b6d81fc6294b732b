import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/** The console's own health (issue 26): supervisors see the token and the subscriptions; clerks are not offered it. */
test('a supervisor opens Health and sees the service token, the subscriptions and the service’s last hour', async ({ page }) => {
  await signInAs(page, 'supervisor', '/my-work');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Health' }).click();
  await expect(page).toHaveURL(/\/health$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
  // The incidents the console alerts supervisors of, with the silence limit the BFF runs with (30 minutes by default).
  await expect(page.getByRole('heading', { level: 2, name: 'Incidents' })).toBeVisible();
  await expect(page.getByText(/no event arrives for 30 minutes after a declaration action/)).toBeVisible();
  await expect(page.getByTestId('health-incident-list').or(page.getByTestId('health-no-incidents'))).toBeVisible();
  const token = page.getByTestId('health-token');
  await expect(token).toContainText(/Last obtained/);
  await expect(token.locator('[data-status]')).toHaveText(/OK|Warning|Failing/);
  await expect(page.getByTestId('health-environment')).toContainText('the local sandbox');
  await expect(page.getByTestId('health-upstream')).toContainText(/\d+ calls?, \d+ errors?/);
  await expect(page.getByRole('heading', { level: 2, name: 'Webhook subscriptions' })).toBeVisible();
  await expect(page.getByTestId('health-subscriptions').or(page.getByTestId('health-no-subscriptions'))).toBeVisible();
  await expectAccessible(page, 'Health');
});

test('a clerk is not offered Health and gets the not-for-your-role page at /health', async ({ page }) => {
  await signInAs(page, 'clerk', '/events');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Health' })).toHaveCount(0);
  await page.goto('/health');
  await expect(page.getByTestId('not-for-your-role')).toContainText('not for your role (clerk)');
});
