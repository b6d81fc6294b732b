import { expect, test } from '@playwright/test';
import { signInFromConsole } from './support/sign-in';

test('a signed-out visit to a deep link returns there after sign-in', async ({ page }) => {
  await page.goto('/declarations?currentStatus=Invalid');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);

  await signInFromConsole(page, 'supervisor');

  await expect(page).toHaveURL(/\/declarations\?currentStatus=Invalid$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Declarations' })).toBeVisible();
});

test('a deep link with a path parameter survives sign-in too', async ({ page }) => {
  await page.goto('/movement-orders/MO-42');
  await signInFromConsole(page, 'clerk');
  await expect(page).toHaveURL(/\/movement-orders\/MO-42$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Movement order' })).toBeVisible();
});
