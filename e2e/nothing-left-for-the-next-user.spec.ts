import { expect, test, type Page } from '@playwright/test';
import { declarationSearchResultSchema } from '../src/contract/declarations';
import { serviceToken } from './support/service-api';
import { signInForReal, signInFromConsole } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/** Seeded movement order (src/sandbox/movement-orders/movement-order-seed.ts). */
const ORDER = '5eed0000-0000-4000-8000-000000000003-1';
const CONSIGNEE = 'Clara Clerk Trading GmbH';
const EORI = 'GB123456789000';

/** An accepted inbound e-AD: its Receipt report dialog keeps a draft. */
async function acceptedInboundEad(): Promise<string> {
  const query = new URLSearchParams({ currentStatus: 'Accepted', direction: 'IN', customsFlowStep: 'e-AD Receipt' });
  const res = await fetch(`${SANDBOX_URL}/v1/declarations/search?${query.toString()}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  const found = declarationSearchResultSchema.parse(await res.json()).find((d) => d.arc);
  if (!found) throw new Error('no accepted inbound e-AD in the seed data');
  return found.declarationId;
}

/** The redirect chain of a sign-in takes several page loads: room for a loaded machine. */
const SIGN_IN_MS = 30_000;

const consoleKeys = (page: Page): Promise<string[]> =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('customs-console')));

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
}

test('after a clerk signs out, the supervisor signing in on the same tab finds nothing of the clerk', async ({ page }) => {
  test.setTimeout(300_000);
  const declarationId = await acceptedInboundEad();
  // What an older console left without a user: removed at the next sign-in.
  await page.goto('/sign-in');
  await page.evaluate(() =>
    window.localStorage.setItem(
      'customs-console.ingestion-draft.v2.shipment',
      JSON.stringify({ savedAt: '2026-11-27T08:00:00Z', value: {} }),
    ),
  );

  await signInForReal(page, 'clerk', '/ingestion', SIGN_IN_MS);
  expect(await consoleKeys(page)).not.toContain('customs-console.ingestion-draft.v2.shipment');
  await page.getByRole('textbox', { name: 'Consignee name' }).fill(CONSIGNEE);
  await page.getByRole('textbox', { name: 'Consignee EORI' }).fill(EORI);
  await expect.poll(async () => (await consoleKeys(page)).some((k) => k.endsWith('.draft.ingestion-draft.v2.shipment'))).toBe(true);

  // A movement order opened: remembered under "Recently viewed".
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movement orders' }).click();
  await page.getByRole('textbox', { name: 'Movement order id' }).fill(ORDER);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Movement order WMS-RFFC-0007' })).toBeVisible();

  // An unsent receipt report: kept as the clerk's draft.
  await page.goto(`/declarations/${declarationId}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: /^Receipt report/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt report' });
  await dialog
    .getByRole('textbox', { name: 'Global conclusion of receipt' })
    .or(dialog.getByRole('combobox', { name: 'Global conclusion of receipt' }))
    .first()
    .click();
  await page.getByRole('option', { name: '3 – Receipt refused' }).click();
  await expect.poll(async () => (await consoleKeys(page)).some((k) => k.includes('.draft.action-draft.'))).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const clerkKeys = await consoleKeys(page);
  expect(clerkKeys.length).toBeGreaterThanOrEqual(3);
  // Everything the clerk left is under one namespace of tenant and user.
  const [namespace] = clerkKeys[0]?.match(/^customs-console\.[^.]+\.[^.]+\./) ?? [];
  expect(namespace).toBeDefined();
  for (const key of clerkKeys) expect(key.startsWith(namespace ?? '-')).toBe(true);

  // Signing out with unsent drafts asks first; staying keeps them.
  await signOut(page);
  const question = page.getByRole('dialog', { name: 'Sign out and delete your unsent drafts?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(page.getByTestId('signed-in-user')).toContainText('Clara Clerk');
  expect(await consoleKeys(page)).toEqual(clerkKeys);

  await signOut(page);
  await question.getByRole('button', { name: 'Sign out and delete' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await consoleKeys(page)).toEqual([]);

  await signInFromConsole(page, 'supervisor', SIGN_IN_MS);
  await expect(page.getByTestId('signed-in-user')).toContainText('Sam Supervisor');
  await page.goto('/ingestion');
  await expect(page.getByRole('textbox', { name: 'Consignee name' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Consignee EORI' })).toHaveValue('');
  await expect(page.getByText(CONSIGNEE)).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movement orders' }).click();
  await expect(page.getByText('None yet in this browser.')).toBeVisible();
  await expect(page.getByRole('link', { name: ORDER })).toHaveCount(0);

  expect((await consoleKeys(page)).filter((k) => k.startsWith(namespace ?? '-'))).toEqual([]);
});
