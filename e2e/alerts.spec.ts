import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { declarationSchema } from '../src/contract/declarations';
import { expectAccessible } from './support/axe';
import { firstDeclarationId, serviceToken } from './support/service-api';
import { signInAs } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/** As an ERP would: changes a Validated declaration's office to one customs does not know, which the service answers with Invalid (V1003). */
async function makeInvalid(): Promise<{ declarationId: string; lrn: string }> {
  const declarationId = await firstDeclarationId({ currentStatus: 'Validated' });
  const headers = { authorization: `Bearer ${await serviceToken()}`, 'content-type': 'application/json' };
  const declaration = declarationSchema.parse(await (await fetch(`${SANDBOX_URL}/v1/declarations/${declarationId}`, { headers })).json());
  const country = (declaration.singleAdministrativeDocument.declarationOfficeCode ?? declaration.jurisdiction).slice(0, 2);
  const res = await fetch(`${SANDBOX_URL}/v1/declarations/${declarationId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ singleAdministrativeDocument: { declarationOfficeCode: `${country}999999` } }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  // The service validates in the background: wait until it says Invalid.
  await expect
    .poll(
      async () =>
        z
          .object({ currentStatus: z.string() })
          .loose()
          .parse(await (await fetch(`${SANDBOX_URL}/v1/declarations/${declarationId}`, { headers })).json()).currentStatus,
      { timeout: 30_000 },
    )
    .toBe('Invalid');
  return { declarationId, lrn: declaration.lrn };
}

test('a declaration turned Invalid reaches the supervisor: the bell within 10 s, /notifications links to it, the e-mail is listed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Signed in first: the console learns the supervisor's e-mail address as they use it.
  await signInAs(page, 'supervisor', '/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/^Notifications, /);

  const { declarationId, lrn } = await makeInvalid();
  const title = `Declaration ${lrn} is Invalid`;
  // Within 10 s of the status change the bell counts it and the list shows it.
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 10_000 });
  const row = page.getByRole('region', { name: 'Your notifications' }).getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByRole('link', { name: lrn })).toHaveAttribute('href', `/declarations/${declarationId}`);

  // The e-mail went to the supervisor through the local mail catcher and is listed as sent.
  const sent = page.getByRole('region', { name: 'Sent e-mails' }).getByRole('row').filter({ hasText: title });
  await expect(sent).toContainText('supervisor@sandbox.customs.test', { timeout: 10_000 });
  await expect(sent).toContainText('sent', { timeout: 10_000 });
  await expect(row).toContainText('E-mail supervisor@sandbox.customs.test');
  await expectAccessible(page, 'notifications with an unread alert and a sent e-mail');

  // Read: the row is no longer new; the link opens the declaration.
  await row.getByRole('button', { name: `Mark read: “${title}”` }).click();
  await expect(row.getByRole('button', { name: /^Mark / })).toHaveCount(0);
  await row.getByRole('link', { name: lrn }).click();
  await expect(page).toHaveURL(new RegExp(`/declarations/${declarationId}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Declaration / })).toBeVisible();
});

test('a clerk keeps a rule of their own: the form says what is missing next to the field, the rule is listed and can be turned off', async ({
  page,
}) => {
  await signInAs(page, 'clerk', '/notifications');
  const rules = page.getByRole('region', { name: 'Alert rules' });
  await expect(rules.getByRole('row').filter({ hasText: 'Declarations that turn Invalid or CustomsError' })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(page.getByText('must not be empty')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('My rejected declarations');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const mine = rules.getByRole('row').filter({ hasText: 'My rejected declarations' });
  await expect(mine).toContainText('DeclarationStatusChanged / Invalid');
  await expect(mine).toContainText('Me');
  const toggle = mine.getByRole('switch', { name: 'Rule “My rejected declarations” on' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  // The clerk cannot change the team's rule.
  await expect(rules.getByRole('switch', { name: 'Rule “Declarations that turn Invalid or CustomsError” on' })).toBeDisabled();
  await expectAccessible(page, 'notifications page of a clerk with a rule of their own');
});
