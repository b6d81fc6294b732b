import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';
import { sandboxControl } from './support/stack';

test.afterEach(async () => {
  await sandboxControl('/_sandbox/faults', { method: 'DELETE' });
});

test('a clerk changes the filter while the service answers 429: the old rows go, the wait is shown, then the new rows come', async ({ page }) => {
  // Sign-in, two waits of 3 s and a busy shared machine.
  test.setTimeout(90_000);
  await signInAs(page, 'clerk', '/declarations');
  const rows = page.getByTestId('declarations-table').getByTestId('declaration-row');
  await expect(rows.first()).toBeVisible();

  const fault = await sandboxControl('/_sandbox/faults', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 429, count: 2, retryAfterSeconds: 3, pathPrefix: '/v1/declarations/search' }),
  });
  expect(fault.status).toBe(204);
  await page.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: 'Invalid', exact: true }).click();

  const notice = page.getByTestId('retry-notice');
  await expect(notice).toContainText(/busy \(too many requests\): retrying in \d s \(attempt [23] of 4\)/);
  // The previous filter's rows are not left standing as if they answered the new one.
  await expect(rows).toHaveCount(0);
  await expectAccessible(page, 'declarations search waiting on a retry');

  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await expect(notice).toBeHidden();
  await expect(rows.first().locator('td[data-column="status"]')).toHaveText('Invalid');
});
