import { expect, test, type Page } from '@playwright/test';
import { validShipment } from '../src/sandbox/flows/test-fixtures';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/** Drops a file on an element the way a browser does (a drop event carrying a DataTransfer). */
async function dropFile(page: Page, target: string, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'application/json' }));
      return dt;
    },
    { name, text },
  );
  const zone = page.getByText(target);
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('a clerk drops a shipment file, sees it in the ingest history and follows it to its declaration', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'clerk', '/ingestion');
  await expect(page.getByRole('heading', { level: 2, name: 'Ingest history' })).toBeVisible();

  const externalReference = `E2E-DROP-${Date.now()}`;
  await dropFile(page, 'Drop a message file here', `${externalReference}.json`, JSON.stringify(validShipment({ externalReference })));
  await expect(page.getByRole('status').filter({ hasText: 'sent as CustomsShipment' })).toBeVisible({ timeout: 20_000 });

  const entry = page.getByRole('article', { name: new RegExp(externalReference) });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await expect(entry.getByText('HTTPS')).toBeVisible();
  const declaration = entry.getByRole('link', { name: /^Declaration / });
  await expect(declaration.first()).toBeVisible({ timeout: 30_000 });
  await expect(entry.getByText(/^Processed/)).toBeVisible();
  await expectAccessible(page, 'ingestion page with its history');

  // Filters live in the URL.
  await page.getByLabel('Outcome', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await expect(page).toHaveURL(/outcome=Rejected/);
  await expect(page.getByRole('article', { name: new RegExp(externalReference) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(entry).toBeVisible({ timeout: 20_000 });

  await declaration.first().click();
  await expect(page).toHaveURL(/\/declarations\/[0-9a-f-]{36}/);
  await expect(page.getByText(externalReference).first()).toBeVisible({ timeout: 20_000 });
});

test('a file the service refuses opens in its form, with the problem at its field', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'clerk', '/ingestion');
  const externalReference = `E2E-REFUSED-${Date.now()}`;
  const refused = { ...validShipment({ externalReference }), direction: 'SIDEWAYS' };
  await dropFile(page, 'Drop a message file here', `${externalReference}.json`, JSON.stringify(refused));
  await expect(page.getByText('The file was not accepted')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: `Open ${externalReference}.json in the Customs shipment form to fix it` }).click();
  await expect(page.getByRole('tab', { name: 'Customs shipment' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('External reference')).toHaveValue(externalReference);
  await expectAccessible(page, 'ingestion page with a refused file opened in its form');
});
