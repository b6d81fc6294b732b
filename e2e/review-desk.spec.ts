import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { startReadOnlyStack, type ReadOnlyStack } from './support/read-only-stack';
import { signInAs, signInFromConsole } from './support/sign-in';

const NOTE = 'Fix the commodity code from the article data, then validate the whole group.';

/** Opens the desk, rebuilds the index when it is empty (a fresh console has followed no events yet), and returns the V-code table. */
async function openDeskWithIndex(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Review desk' })).toBeVisible();
  const vCodes = page.getByRole('table', { name: 'Service validation (V-codes)' });
  if (!(await vCodes.isVisible())) {
    await page.getByRole('button', { name: 'Rebuild index' }).click();
    await expect(page.getByText(/Last rebuilt/)).toBeVisible({ timeout: 90_000 });
  }
  await expect(vCodes.getByRole('row').nth(1)).toBeVisible();
  return vCodes;
}

test.describe.serial('review desk', () => {
  test.describe.configure({ timeout: 180_000 });
  let declarationId: string;
  let errorCode: string;

  test('a supervisor sees the V-codes with counts, writes a note on the largest group and validates it in bulk', async ({ page }) => {
    await signInAs(page, 'supervisor');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review desk' }).click();
    const vCodes = await openDeskWithIndex(page);
    await expect(page.getByRole('table', { name: 'Customs authority codes' }).getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'review desk');

    // The largest group is the first row (most declarations first).
    const first = vCodes.getByRole('row').nth(1);
    errorCode = (await first.getByRole('cell').first().innerText()).trim();
    expect(errorCode).toMatch(/^V\d+$/);
    const count = Number(await first.getByTestId('group-count').innerText());
    expect(count).toBeGreaterThan(1);
    await first.getByRole('button', { name: `Open ${errorCode}` }).click();
    await expect(page).toHaveURL(new RegExp(`code=${errorCode}`));
    const group = page.getByRole('region', { name: new RegExp(`^${errorCode}:`) });
    await expect(group).toBeVisible();

    await group.getByLabel(`New note on ${errorCode}`).fill(NOTE);
    await group.getByRole('button', { name: 'Add note' }).click();
    await expect(group.getByText(NOTE)).toBeVisible();
    await expect(group.getByText(/Sam Supervisor/).first()).toBeVisible();

    const rows = group.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(count + 1);
    declarationId = (await rows.nth(1).getAttribute('data-declaration-id')) ?? '';
    expect(declarationId).not.toBe('');

    await group.getByRole('checkbox', { name: `Select all ${count} declarations` }).check();
    await group.getByRole('button', { name: `Validate ${count} selected` }).click();
    await expect(group.getByRole('status').filter({ hasText: 'Validate:' })).toContainText(`${count} of ${count} done`, { timeout: 60_000 });
    // Each row's outcome arrives with the service's events (still invalid: the validation fails again until the field is fixed).
    const outcomes = group.getByTestId('bulk-outcome');
    await expect(outcomes).toHaveCount(count);
    for (let i = 0; i < count; i++) await expect(outcomes.nth(i)).toContainText(/Validate(Successful|Unsuccessful)/, { timeout: 60_000 });
    await expectAccessible(page, 'review desk with an open group and a finished bulk run');

    await expect(page.getByRole('region', { name: 'Last bulk runs' })).toContainText(`Validate on ${count}: ${count} accepted`);
  });

  test('a clerk opening one of those declarations sees the team’s note', async ({ page }) => {
    await signInAs(page, 'clerk', `/declarations/${declarationId}`);
    const notes = page.getByRole('region', { name: /Team notes on these errors/ });
    await expect(notes).toContainText(NOTE);
    await expect(notes).toContainText(errorCode);
    await expect(notes).toContainText('Sam Supervisor');
  });
});

test('a clerk selects declarations in a search result and submits them in bulk; those whose status does not allow it are listed with why', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'clerk', '/declarations?currentStatus=Invalid&currentStatus=Validated&limit=25');
  const table = page.getByTestId('declarations-table');
  await expect(table.getByTestId('declaration-row').first()).toBeVisible();
  await table.getByRole('checkbox', { name: /^Select all \d+ declarations on this page/ }).check();
  const selected = page.getByRole('region', { name: 'Selected declarations' });
  const submit = selected.getByRole('button', { name: /^Submit \d+ selected/ });
  const count = Number(/Submit (\d+) selected/.exec(await submit.innerText())?.[1]);
  expect(count).toBeGreaterThan(1);
  await submit.click();
  await expect(selected.getByRole('status')).toContainText(`${count} of ${count} done`, { timeout: 60_000 });
  // Invalid declarations cannot be submitted: skipped, with the reason.
  await expect(selected.getByTestId('bulk-outcome').filter({ hasText: 'Skipped: Not in status Invalid' }).first()).toBeVisible();
  await expectAccessible(page, 'declarations search with a bulk run');
});

test.describe('with a client application lacking create:messages', () => {
  // A second sandbox and BFF start in this process: generous under the shared machine's load.
  test.describe.configure({ timeout: 240_000 });
  let stack: ReadOnlyStack;
  test.beforeAll(async () => {
    stack = await startReadOnlyStack();
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('action buttons are disabled, naming the missing scope and the tenant', async ({ page }) => {
    await page.goto(`${stack.consoleUrl}/review`);
    await signInFromConsole(page, 'supervisor');
    const vCodes = await openDeskWithIndex(page);
    const first = vCodes.getByRole('row').nth(1);
    const code = (await first.getByRole('cell').first().innerText()).trim();
    await first.getByRole('button', { name: `Open ${code}` }).click();
    const group = page.getByRole('region', { name: new RegExp(`^${code}:`) });
    await group.getByRole('checkbox', { name: /Select all/ }).check();

    const validate = group.getByRole('button', { name: /^Validate \d+ selected/ });
    await expect(validate).toBeDisabled();
    await expect(validate).toHaveAccessibleDescription(/lacks the scope create:messages for tenant t-acc-001/);
    await validate.hover();
    await expect(page.getByRole('tooltip')).toContainText('create:messages');
    await expectAccessible(page, 'review desk, read-only client');

    const declarationId = await group.getByRole('table').getByRole('row').nth(1).getAttribute('data-declaration-id');
    await page.goto(`${stack.consoleUrl}/declarations/${declarationId}`);
    const actions = page.getByRole('button', { name: /^Actions/ });
    await expect(actions).toBeDisabled();
    await expect(actions).toHaveAccessibleDescription(/create:messages for tenant t-acc-001/);
    // Adding a goods item sends a message too: gated like Save.
    const addItem = page.getByRole('button', { name: /^Add goods item/ });
    await expect(addItem).toHaveAttribute('aria-disabled', 'true');
    await expect(addItem).toHaveAccessibleDescription(/create:messages for tenant t-acc-001/);
    await expectAccessible(page, 'declaration detail, read-only client');
  });
});
