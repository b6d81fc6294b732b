import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { readFile } from 'node:fs/promises';
import { signInAs } from './support/sign-in';
import { sandboxControl as sandboxControlWithToken } from './support/stack';

const TENANT = 't-acc-001';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Every call to the sandbox's /_sandbox controls goes through here (one place to add their admin token). */
async function sandboxControl(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await sandboxControlWithToken(`/_sandbox${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`sandbox control ${path}: ${res.status}`);
  return res;
}

async function credits(): Promise<number> {
  const body = (await (await sandboxControl(`/tenants/${TENANT}/credits`)).json()) as { credits: number };
  return body.credits;
}

const runCards = (page: Page) => page.getByTestId('run-card');

async function startRun(page: Page, jurisdiction: string, how: 'click' | 'dblclick' = 'click'): Promise<void> {
  await page.getByRole('button', { name: 'Classify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Classify item' });
  await dialog.getByText(jurisdiction, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Start run (1 credit)' })[how]();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('an analyst double-clicks Start and pays once, keeps the result over a reload, compares EU and US, and decides on the better suggestion', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const ref = `WB-${Date.now()}`;
  // Analysts land on their own work.
  await signInAs(page, 'analyst');
  await expect(page).toHaveURL(/\/classification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Classification' })).toBeVisible();

  // An item whose assigned code the engine can beat.
  await page.getByRole('button', { name: 'New item' }).click();
  const create = page.getByRole('dialog', { name: 'New classification item' });
  await create.getByLabel('External reference').fill(ref);
  await create.getByLabel('Description').fill('Ladies handbag with outer surface of leather');
  await create.getByRole('combobox', { name: 'Origin' }).fill('Italy');
  await page.getByRole('option', { name: 'IT · Italy' }).click();
  // Images chosen on the create form go with the item in one request.
  await create.locator('input[type=file]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: PNG },
    { name: 'back.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(create.getByRole('list', { name: 'Images to add' }).getByRole('listitem')).toHaveCount(2);
  await create.getByRole('button', { name: 'Add assigned code' }).click();
  await create.getByLabel('Code', { exact: true }).fill('42029180');
  await expectAccessible(page, 'create item dialog with images');
  await create.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ref })).toBeVisible();
  const itemId = page.url().split('/').pop() ?? '';

  await test.step('a thumbnail opens the viewer: zoom, arrow keys between images, Escape closes', async () => {
    await page.getByRole('button', { name: 'Open front.png in the viewer' }).click();
    const viewer = page.getByRole('dialog', { name: 'front.png (1 of 2)' });
    await expect(viewer).toBeVisible();
    await expectAccessible(page, 'image viewer');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'back.png (2 of 2)' })).toBeVisible();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByTestId('zoom-level')).toHaveText('125 %');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('a double click on Start starts one run and uses one credit; Pending stays visible', async () => {
    const before = await credits();
    // Slow the service's answers about runs of this item, so the Pending state lasts long enough to see.
    await sandboxControl('/faults', {
      method: 'PUT',
      body: JSON.stringify({ latencyMs: 3000, count: 6, pathPrefix: `/v1/classifications/items/${itemId}/classifications/` }),
    });
    await page.getByRole('button', { name: 'Classify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Classify item' });
    // The dialog's code loads on first use: axe checks it once it is there (and has faded in).
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'classify dialog');
    await dialog.getByRole('button', { name: 'Start run (1 credit)' }).dblclick();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(runCards(page)).toHaveCount(1);
    // Pending shows at once (the badge, then the trail of states received once it moved on).
    await expect(
      runCards(page)
        .first()
        .getByText(/^Pending/),
    ).toBeVisible();
    await expect(runCards(page).first().getByText('Completed', { exact: true })).toBeVisible({ timeout: 90_000 });
    // The states it passed through stay on screen after it finished.
    await expect(runCards(page).first().getByTestId('status-trail')).toContainText('Pending');
    expect(await credits()).toBe(before - 1);
    await expect(runCards(page)).toHaveCount(1);
  });

  await test.step('a reload keeps the run and its result, and the item shows the better code', async () => {
    await page.reload();
    await expect(runCards(page)).toHaveCount(1);
    await expect(runCards(page).first().getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(runCards(page).first().getByTestId('option-score').first()).toBeVisible();
    await expect(page.getByTestId('better-code')).toContainText('instead of the assigned 4202 91 80');
    await expectAccessible(page, 'item with a recorded run');
  });

  await test.step('EU and US side by side', async () => {
    await startRun(page, 'US');
    await expect(runCards(page)).toHaveCount(2);
    const comparison = page.getByTestId('jurisdiction-comparison');
    await expect(comparison.locator('[data-jurisdiction="US"]')).not.toContainText('Not run', { timeout: 90_000 });
    await expect(comparison.locator('[data-jurisdiction="EU"]')).not.toContainText('Not run');
    await expect(comparison.locator('[data-jurisdiction="UK"]')).toContainText('Not run');
    await expectAccessible(page, 'item with EU and US side by side');
  });

  await test.step('the worklist lists the better suggestion; a decision is recorded and exported', async () => {
    await page.getByRole('link', { name: 'Classification items' }).click();
    await page.getByRole('link', { name: 'Better-suggestion worklist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Better-suggestion worklist' })).toBeVisible();
    const row = page.getByTestId('worklist').getByRole('row').filter({ hasText: ref }).filter({ hasText: 'EU' });
    await expect(row).toContainText('4202 91 80');
    await expect(row).toContainText('Open');
    await expectAccessible(page, 'worklist');

    await row.getByRole('button', { name: `Decide on ${ref} EU` }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a decision' });
    await dialog.getByRole('button', { name: 'Record decision' }).click();
    await expect(dialog.getByText('Choose accept or reject.')).toBeVisible();
    await expectAccessible(page, 'decision dialog');
    await dialog.getByLabel('Accept the proposed code').check();
    await dialog.getByLabel('Comment').fill('Outer surface of leather: heading 4202 21.');
    await dialog.getByRole('button', { name: 'Record decision' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Accepted');
    await expect(row).toContainText('Ana Analyst');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export decision sheet (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^better-suggestions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Item,Jurisdiction,Assigned code,Assigned score,Proposed code,Proposed score,Gap,Decision,Comment,Decided by,Decided at',
    );
    const line = lines.find((l) => l.startsWith(`${ref},EU,`));
    expect(line).toMatch(
      new RegExp(
        `^${ref},EU,4202 91 80,[\\d.]+,\\d{4} \\d{2} \\d{2},[\\d.]+,[\\d.]+,accepted,Outer surface of leather: heading 4202 21\\.,Ana Analyst,\\d{4}-`,
      ),
    );
  });
});
