import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * Work ownership (issue 25): a clerk takes two Invalid declarations, one in bulk from the search
 * table and one on its page, and finds both in My work with their age; a supervisor sees the
 * clerk's queue and moves one of them to someone else. The declarations search's Owner filter
 * finds the clerk's two.
 */
test('a clerk takes two declarations and finds them in My work with their age; a supervisor balances the queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'clerk', '/declarations?currentStatus=Invalid');
  const table = page.getByTestId('declarations-table');
  const rows = table.getByRole('row');
  await expect(rows.nth(2)).toBeVisible();

  // One in bulk: tick the first row, then Assign to me in the selection bar.
  const first = rows.nth(1).getByRole('checkbox');
  const firstLrn = ((await first.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
  expect(firstLrn).not.toBe('');
  await first.check();
  const bar = page.getByRole('region', { name: 'Selected declarations' });
  await bar.getByRole('button', { name: 'Assign 1 to me' }).click();
  await expect(bar.getByRole('status')).toContainText('Owner changed on 1 of 1.');
  // The Owner column (a choice in the table settings) says who has it.
  await page.getByRole('button', { name: 'Columns and density' }).click();
  await page.getByRole('checkbox', { name: 'Owner' }).check();
  await page.keyboard.press('Escape');
  await expect(rows.nth(1).locator('[data-column="owner"]')).toHaveText('Clara Clerk');
  await expectAccessible(page, 'the declarations search with a selection assigned');

  // One on its page: Assign to me, and the history says who took it.
  const secondLrn = ((await rows.nth(2).getByRole('checkbox').getAttribute('aria-label')) ?? '').replace(/^Select /, '');
  await rows.nth(2).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Declaration ${secondLrn}` })).toBeVisible();
  await expect(page.getByTestId('declaration-owner')).toHaveText('No owner');
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('declaration-owner')).toHaveText('Owner: Clara Clerk (you)');
  await expect(page.getByRole('region', { name: 'History' }).getByText('Assigned to Clara Clerk')).toBeVisible();
  await expectAccessible(page, 'a declaration with its owner');

  // My work: both, oldest in the status first, each with its age and due time.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Assigned to me' }).getByTestId('work-row');
  await expect(mine).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Assigned to me' })).toContainText(firstLrn);
  await expect(page.getByRole('region', { name: 'Assigned to me' })).toContainText(secondLrn);
  for (const age of await mine.getByTestId('work-age').allInnerTexts()) expect(age).toMatch(/^(under 1 min|\d+ (min|h|d))/);
  await expectAccessible(page, 'My work of a clerk');

  // The declarations search narrowed to an owner: exactly those two, the owner kept in the address.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Declarations' }).click();
  const filters = page.getByRole('search', { name: 'Declaration filters' });
  await filters.getByRole('combobox', { name: 'Owner' }).fill('Me');
  await page.getByRole('option', { name: 'Me', exact: true }).click();
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/owner=me/);
  await expect(rows).toHaveCount(3);
  await expect(table).toContainText(firstLrn);
  await expect(table).toContainText(secondLrn);

  // The supervisor: Clara's queue holds both; one goes to Sam, and the queues say so.
  const context = await browser.newContext();
  const supervisor = await context.newPage();
  await signInAs(supervisor, 'supervisor', '/my-work');
  const summary = supervisor.getByTestId('queue-summary');
  await expect(summary.getByRole('row', { name: /Clara Clerk/ })).toContainText('2');
  await summary.getByRole('button', { name: 'Show Clara Clerk' }).click();
  await expect(supervisor).toHaveURL(/queue=/);
  const queue = supervisor.getByRole('region', { name: 'Clara Clerk’s queue' });
  await expect(queue.getByTestId('work-row')).toHaveCount(2);
  await queue.getByRole('checkbox', { name: `Select ${firstLrn}` }).check();
  await queue.getByRole('combobox', { name: 'Assign 1 selected to' }).fill('Sam');
  await supervisor.getByRole('option', { name: 'Sam Supervisor' }).click();
  await queue.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(queue.getByTestId('work-row')).toHaveCount(1);
  await expect(summary.getByRole('row', { name: /Sam Supervisor/ })).toContainText('1');
  await expectAccessible(supervisor, 'My work of a supervisor, with a queue open');
  await context.close();

  // Back with the clerk: one left in My work (read afresh: another person's change sends no event).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Assigned to me' }).getByTestId('work-row')).toHaveCount(1);
});
