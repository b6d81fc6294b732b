import { expect, test } from '@playwright/test';
import { declarationSchema } from '../src/contract/declarations';
import { expectAccessible } from './support/axe';
import { firstDeclarationId, serviceToken } from './support/service-api';
import { signInAs } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/** Raw data paths and customs pointers a clerk should never read. */
const RAW_PATH = /singleAdministrativeDocument|governmentAgencyGoodsItems|->|\w\.\w|\[\d+\]/;

test('a clerk reads error cards in words and an event toast worded for people, clear of the Actions button', async ({ page }) => {
  test.setTimeout(90_000);
  const declarationId = await firstDeclarationId({ currentStatus: 'Invalid' });
  const token = await serviceToken();
  const declaration = declarationSchema.parse(
    await (await fetch(`${SANDBOX_URL}/v1/declarations/${declarationId}`, { headers: { authorization: `Bearer ${token}` } })).json(),
  );

  await signInAs(page, 'clerk', `/declarations/${declarationId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Declaration ${declaration.lrn}` })).toBeVisible();

  // Error cards: "Field: Goods item 2 › Commodity code", never the data path.
  const fields = page.getByRole('region', { name: 'Errors' }).getByTestId('error-field');
  await expect(fields.first()).toBeVisible();
  for (const text of await fields.allInnerTexts()) expect(text).not.toMatch(RAW_PATH);
  await expect(fields.first()).toHaveText(/^Field: [A-Z]/);

  // A validation run elsewhere (an ERP, a colleague): the toast tells it in words, with the LRN.
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible({ timeout: 15_000 });
  const validated = await fetch(`${SANDBOX_URL}/v1/declarations/${declarationId}/validate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(validated.status).toBe(202);
  const toast = page.getByRole('alert').filter({ hasText: `Validation failed for LRN ${declaration.lrn}` });
  await expect(toast.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: /DeclarationActionFinished|DeclarationStatusChanged/ })).toHaveCount(0);

  // Not over the page's Actions button.
  const actions = await page.getByRole('button', { name: 'Actions' }).boundingBox();
  const box = await toast.first().boundingBox();
  expect(actions && box).toBeTruthy();
  if (actions && box) {
    const overlaps =
      box.x < actions.x + actions.width &&
      actions.x < box.x + box.width &&
      box.y < actions.y + actions.height &&
      actions.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
  await expectAccessible(page, 'declaration detail with an event toast');
});

test('the Events page links each declaration by its LRN', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'analyst', '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const links = page.getByTestId('event-row').getByRole('link');
  await expect(links.first()).toBeVisible({ timeout: 30_000 });
  for (const text of (await links.allInnerTexts()).slice(0, 20)) expect(text).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
});
