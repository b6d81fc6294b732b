import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { z } from 'zod';
import { declarationSchema, declarationSearchResultSchema, type Declaration } from '../src/contract/declarations';
import { signInAs } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/** The sandbox behind the journeys' BFF (playwright.config.ts); read with the demo client to pick test data. */
const SANDBOX = SANDBOX_URL;
const ITEMS = 'singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems';

async function sandboxToken(): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'console-acc',
    client_secret: 'console-acc-secret',
    scope: 'api://customs-sandbox/console-acc/.default',
  });
  const res = await fetch(`${SANDBOX}/oauth2/v2.0/token`, { method: 'POST', body });
  return z.object({ access_token: z.string() }).parse(await res.json()).access_token;
}

async function sandboxGet<T>(token: string, path: string, schema: z.ZodType<T>): Promise<T> {
  const res = await fetch(`${SANDBOX}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return schema.parse(await res.json());
}

async function declarationsIn(token: string, status: string): Promise<Declaration[]> {
  const list = await sandboxGet(token, `/v1/declarations/search?currentStatus=${status}&limit=100`, declarationSearchResultSchema);
  return Promise.all(
    list.map((d) => sandboxGet(token, `/v1/declarations/${d.declarationId}?include=errors,attachments`, declarationSchema)),
  );
}

/** An Invalid declaration whose only errors are one goods item's commodity code: fixing that makes it valid. */
function fixableByCommodityCode(d: Declaration): number | undefined {
  const paths = (d.errors ?? []).flatMap((e) => e.fieldReference.map((r) => r.path));
  const indexes = new Set(
    paths.map((p) => new RegExp(`^${ITEMS.replace(/\./g, '\\.')}\\[(\\d+)\\]\\.commodity\\.classification\\.id$`).exec(p)?.[1]),
  );
  if (paths.length === 0 || indexes.size !== 1 || indexes.has(undefined)) return undefined;
  return Number([...indexes][0]);
}

async function generateSad(token: string, d: Declaration | undefined): Promise<Declaration | undefined> {
  if (!d) return undefined;
  const res = await fetch(`${SANDBOX}/v1/declarations/${d.declarationId}/generateDocument/SAD`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 202) return undefined;
  for (let i = 0; i < 30; i++) {
    const now = await sandboxGet(token, `/v1/declarations/${d.declarationId}?include=attachments`, declarationSchema);
    if (now.attachments?.some((a) => a.documentType === 'SAD')) return now;
    await new Promise((r) => setTimeout(r, 500));
  }
  return undefined;
}

test('a clerk jumps from an error to the goods item field, fixes it and sees the new status arrive', async ({ page }) => {
  const token = await sandboxToken();
  const candidates = (await declarationsIn(token, 'Invalid')).flatMap((d) => {
    const index = fixableByCommodityCode(d);
    return index === undefined ? [] : [{ d, index }];
  });
  expect(candidates.length, 'an Invalid declaration with only a commodity code error').toBeGreaterThan(0);
  const { d, index } = candidates[0]!;
  const item = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[index]!;

  await signInAs(page, 'clerk', `/declarations/${d.declarationId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Declaration ${d.lrn}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Errors' }).getByRole('heading', { name: /Service validation/ })).toBeVisible();
  await expectAccessible(page, 'declaration detail page');

  await page.getByRole('button', { name: new RegExp(`^Go to Goods item ${item.sequenceNumber} · Commodity code`) }).click();
  const drawer = page.getByRole('dialog', { name: `Goods item ${item.sequenceNumber}` });
  const code = drawer.getByRole('combobox', { name: 'Commodity code' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'goods item editor');

  await code.fill('85171300');
  await drawer.getByRole('button', { name: 'Save item' }).click();
  await expect(drawer).toBeHidden();

  const outcome = page.getByTestId('outcome');
  await expect(outcome).toContainText(/Awaiting outcome…|Now Validated/);
  await expect(outcome).toContainText('Now Validated', { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Errors' })).toContainText('No errors.');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Changed a goods item');
});

test('a clerk downloads the SAD PDF of a released declaration', async ({ page }) => {
  const token = await sandboxToken();
  const released = await declarationsIn(token, 'Released');
  const hasSad = (d: Declaration) => d.attachments?.some((a) => a.documentType === 'SAD') ?? false;
  // None are seeded and the sandbox does not create SADs on release: ask for one (Generate document) where the sandbox supports it.
  const withSad = released.find(hasSad) ?? (await generateSad(token, released[0]));
  test.skip(!withSad, 'No SAD available: the sandbox neither seeds SADs nor answers Generate document yet.');
  const d = withSad!;
  const sad = d.attachments!.find((a) => a.documentType === 'SAD')!;

  await signInAs(page, 'clerk', `/declarations/${d.declarationId}`);
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('heading', { name: 'SAD' })).toBeVisible();
  // The temporary URL is never rendered: there is no link, only a button that fetches it on click.
  await expect(documents.getByRole('link')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await documents.getByRole('button', { name: `Download SAD ${sad.fileName}` }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});
