import { expect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

test('the Connection page shows source system, tenant and scopes from the service', async ({ page }) => {
  await signInAs(page, 'analyst');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connection' }).click();

  await expect(page).toHaveURL(/\/connection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connection' })).toBeVisible();
  const summary = page.getByTestId('connection-summary');
  await expect(summary).toContainText('CUSTOMS-CONSOLE');
  await expect(summary).toContainText('t-acc-001');

  const scopes = page.getByRole('table', { name: 'Scopes' });
  await expect(scopes.getByRole('row')).toHaveCount(12); // header + the eleven scopes of console-acc
  await expect(scopes.getByRole('row', { name: /read:declarations/ })).toContainText('Retrieve and search declarations');

  const capabilities = page.getByRole('table', { name: 'What the console can do' });
  await expect(capabilities.getByRole('row', { name: /Search and read declarations/ })).toContainText('Yes');
});
