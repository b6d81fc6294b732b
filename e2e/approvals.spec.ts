import { expect, test, type Browser, type Page } from '@playwright/test';
import { declarationSearchResultSchema } from '../src/contract/declarations';
import { nlImportShipment } from '../src/sandbox/flows/test-fixtures';
import { expectAccessible } from './support/axe';
import { serviceToken } from './support/service-api';
import { signInAs, type DemoUsername } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/**
 * Four eyes before a filing goes to customs. The journeys' policy (e2e/support/approval-policy.json)
 * holds a Submit of 100,000 CHF or more; the declarations are made here, through the service's
 * API as an ERP would, so the seed data (never in CHF) stays untouched.
 */

const run = Date.now().toString(36);

/** An NL import the sandbox leaves Validated (awaiting Submit), worth `amount` CHF; `invalid` gives it an unknown currency. */
async function createDeclaration(
  name: string,
  amount: number,
  ucr: string,
  invalid = false,
): Promise<{ declarationId: string; lrn: string }> {
  const externalReference = `APPR-${run}-${name}`;
  const headers = { authorization: `Bearer ${await serviceToken()}`, 'content-type': 'application/json' };
  const base = nlImportShipment(amount, 'CHF');
  const shipment = {
    ...base,
    externalReference,
    singleAdministrativeDocument: { ...base.singleAdministrativeDocument, ucr, ...(invalid ? { invoiceCurrency: 'QQQ' } : {}) },
  };
  const posted = await fetch(`${SANDBOX_URL}/v1/customsshipments`, { method: 'POST', headers, body: JSON.stringify(shipment) });
  expect(posted.status).toBe(202);
  let found: { declarationId: string; lrn: string; currentStatus: string } | undefined;
  await expect(async () => {
    const res = await fetch(`${SANDBOX_URL}/v1/declarations/search?externalReference=${externalReference}`, { headers });
    found = declarationSearchResultSchema.parse(await res.json())[0];
    expect(found?.currentStatus).toBe(invalid ? 'Invalid' : 'Validated');
  }).toPass({ timeout: 30_000 });
  return { declarationId: found?.declarationId ?? '', lrn: found?.lrn ?? '' };
}

/** A second person in a browser of their own. */
async function asUser(browser: Browser, username: DemoUsername, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, username, path);
  return page;
}

async function submitWithReview(page: Page, lrn: string) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: /^Submit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Review before Submit' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`LRN ${lrn}`);
  return dialog;
}

/** The supervisor's card of this declaration's pending request on /approvals. */
const requestCard = (page: Page, lrn: string) =>
  page
    .getByTestId('approval-request')
    .filter({ hasText: `LRN ${lrn}` })
    .first();

test.describe.configure({ timeout: 120_000 });

test('a clerk reviews a high-value Submit, it waits for a supervisor, who approves it; the clerk sees the outcome', async ({
  page,
  browser,
}) => {
  const d = await createDeclaration('approve', 150_000, `UCR-${run}-A`);
  await signInAs(page, 'clerk', `/declarations/${d.declarationId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Declaration ${d.lrn}` })).toBeVisible();

  // The review: totals, parties and the declaration statement, before anything is sent.
  const dialog = await submitWithReview(page, d.lrn);
  const review = dialog.getByTestId('declaration-review');
  await expect(review).toContainText('150,000 CHF');
  await expect(review).toContainText('Items2');
  await expect(review).toContainText('202 kg'); // 200 + 2 kg: the two items of nlImportShipment
  await expect(review).toContainText('Consignee: Acme Trading BV · Eori NL812345678');
  await expect(review).toContainText('I declare that the particulars given in this declaration are true and complete');
  await expectAccessible(page, 'the review before Submit', { include: '[role="dialog"]' });
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/declarations/${d.declarationId}/submit`),
  );
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  expect((await posted).status()).toBe(202);
  const banner = page.getByTestId('approval-status');
  await expect(banner).toContainText('Awaiting approval by a supervisor');
  await expect(page.getByText('Validated', { exact: true }).first()).toBeVisible();

  // The supervisor's queue: the request with the declaration's summary and the matched rule.
  const supervisor = await asUser(browser, 'supervisor', '/approvals');
  await expect(supervisor.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  await expect(supervisor.getByTestId('approval-policy')).toContainText(
    'Submit when the customs value is at least 100,000 CHF; approved by supervisor',
  );
  const card = requestCard(supervisor, d.lrn);
  await expect(card).toContainText('Asked by Clara Clerk');
  await expect(card).toContainText('Customs value at least 100000 CHF: 150000 CHF');
  await expect(card.getByTestId('declaration-review')).toContainText('150,000 CHF');
  await expectAccessible(supervisor, 'the approvals page');
  await card.getByRole('textbox', { name: 'Comment' }).fill('Invoice checked against the order.');
  await card.getByRole('button', { name: 'Approve and send' }).click();
  await expect(
    supervisor
      .getByTestId('approval-request')
      .filter({ hasText: `LRN ${d.lrn}` })
      .filter({ hasText: 'Approved and sent' }),
  ).toBeVisible();

  // The clerk's declaration: approved and sent on the clerk's behalf, then customs' answer.
  await expect(banner).toContainText('Submit approved', { timeout: 20_000 });
  await expect(banner).toContainText('Approved by Sam Supervisor');
  await supervisor.context().close();
});

test('a supervisor rejects a request with a reason, which the clerk reads; nothing reaches customs', async ({ page, browser }) => {
  const d = await createDeclaration('reject', 400_000, `UCR-${run}-R`);
  await signInAs(page, 'clerk', `/declarations/${d.declarationId}`);
  const dialog = await submitWithReview(page, d.lrn);
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  const banner = page.getByTestId('approval-status');
  await expect(banner).toContainText('Awaiting approval by a supervisor');

  const supervisor = await asUser(browser, 'supervisor', '/approvals');
  const card = requestCard(supervisor, d.lrn);
  // A rejection needs a reason: said next to the field, which takes the focus.
  await card.getByRole('button', { name: 'Reject' }).click();
  const comment = card.getByRole('textbox', { name: 'Comment' });
  await expect(comment).toBeFocused();
  await expect(card).toContainText('Say why it is rejected');
  await comment.fill('The customs value does not match the invoice.');
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(
    supervisor
      .getByTestId('approval-request')
      .filter({ hasText: `LRN ${d.lrn}` })
      .filter({ hasText: 'Rejected' }),
  ).toBeVisible();

  await expect(banner).toContainText('Submit rejected', { timeout: 20_000 });
  await expect(banner).toContainText('The customs value does not match the invoice.');
  await page.reload();
  await expect(page.getByTestId('approval-status')).toContainText('Submit rejected');
  await expect(page.getByText('Validated', { exact: true }).first()).toBeVisible();
  await supervisor.context().close();
});

test('a bulk Submit says first what goes to customs, what needs approval and what is skipped, then says so per row', async ({ page }) => {
  const ucr = `UCR-${run}-B`;
  const high = await createDeclaration('bulk-high', 200_000, ucr);
  const low = await createDeclaration('bulk-low', 900, ucr);
  const invalid = await createDeclaration('bulk-invalid', 900, ucr, true);
  await signInAs(page, 'clerk', `/declarations?ucr=${ucr}`);
  const table = page.getByTestId('declarations-table');
  await expect(table.getByTestId('declaration-row')).toHaveCount(3);
  await table.getByRole('checkbox', { name: 'Select all 3 declarations on this page' }).check();
  const selected = page.getByRole('region', { name: 'Selected declarations' });
  await selected.getByRole('button', { name: 'Submit 3 selected' }).click();

  const review = page.getByRole('dialog', { name: 'Review before bulk Submit' });
  await expect(review).toContainText('1 declaration will be submitted, 1 need approval, 1 skipped.');
  await expect(review).toContainText(`${high.lrn}: High-value filings`);
  await expect(review).toContainText(`${invalid.lrn}: Not in status Invalid`);
  await expectAccessible(page, 'the review before bulk Submit', { include: '[role="dialog"]' });
  await review.getByRole('button', { name: 'Submit 1, send 1 for approval' }).click();

  await expect(selected.getByRole('status')).toContainText('3 of 3 done (finished)', { timeout: 60_000 });
  const outcomes = selected.getByTestId('bulk-outcome');
  await expect(outcomes.filter({ hasText: high.lrn })).toContainText('Sent for approval: awaiting a supervisor');
  await expect(outcomes.filter({ hasText: invalid.lrn })).toContainText('Skipped: Not in status Invalid');
  await expect(outcomes.filter({ hasText: low.lrn })).not.toContainText('approval');
});
