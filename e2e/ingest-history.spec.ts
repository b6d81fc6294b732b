import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs } from './support/sign-in';

/** A customs shipment with a configured flow (GB import), as an ERP would write it to a file (e2e may not import the console's example). */
const shipmentFile = (externalReference: string): string =>
  JSON.stringify({
    externalReference,
    direction: 'IN',
    storageLocationReference: 'GB-FXT-01',
    singleAdministrativeDocument: {
      declType: 'IM',
      addDeclType: 'A',
      invoiceCurrency: 'GBP',
      declarationOfficeCode: 'GB000051',
      goodsShipment: {
        consignee: { name: 'Acme Trading UK Ltd', businessPartnerReference: [{ code: 'GB123456789000', type: 'Eori' }] },
        governmentAgencyGoodsItems: [{ casReference: 'A1', commodity: { description: 'Smartphones', classification: { id: '85171300' } }, goodsMeasure: { gmass: 12, nmass: 10 }, customsValue: { amount: 3200, currency: 'GBP' } }],
      },
    },
  });

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
  await dropFile(page, 'Drop a shipment file here', `${externalReference}.json`, shipmentFile(externalReference));
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
