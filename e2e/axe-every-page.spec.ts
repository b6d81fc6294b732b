import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { consoleRoutes, SEEDED_ORDER } from './support/console-routes';
import { firstDeclarationId } from './support/service-api';
import { signInAs, type DemoUsername } from './support/sign-in';

/**
 * axe on every page and dialog of the console, as the role whose work it is sees it. The other
 * journeys check their own steps too; this one makes sure nothing is left out.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

interface PageVisit {
  /** Signed out when absent. */
  as?: DemoUsername;
  url: () => Promise<string>;
  /** From there to the page, as a user gets there (when no URL is known beforehand). */
  find?: (page: Page) => Promise<void>;
  /** What shows once the page has loaded. */
  ready: (page: Page) => Locator;
}

const at = (url: string) => () => Promise.resolve(url);

/** Every route of src/routeTree.gen.ts, by its full path. */
const PAGES: Record<string, PageVisit> = {
  '/sign-in': { url: at('/sign-in'), ready: (page) => page.getByRole('button', { name: 'Sign in' }) },
  '/': { as: 'analyst', url: at('/'), ready: h1('Classification') },
  '/declarations/': {
    as: 'clerk',
    url: at('/declarations'),
    ready: (page) => page.getByTestId('declarations-table').getByRole('row').nth(1),
  },
  '/declarations/$declarationId': {
    as: 'clerk',
    url: async () => `/declarations/${await firstDeclarationId({ currentStatus: 'Invalid' })}`,
    ready: h1(/^Declaration /),
  },
  '/review': { as: 'supervisor', url: at('/review'), ready: h1('Review desk') },
  '/classification/': { as: 'analyst', url: at('/classification'), ready: h1('Classification') },
  '/classification/worklist': { as: 'analyst', url: at('/classification/worklist'), ready: h1('Better-suggestion worklist') },
  '/classification/items/$itemId': { as: 'analyst', url: at('/classification'), find: openSeededItem, ready: h1('SKU-10003') },
  '/subscriptions': { as: 'supervisor', url: at('/subscriptions'), ready: h1('Subscriptions') },
  '/movement-orders/': { as: 'clerk', url: at('/movement-orders'), ready: h1('Movement orders') },
  '/movement-orders/new': { as: 'clerk', url: at('/movement-orders/new'), ready: h1('New movement order') },
  '/movement-orders/$id': { as: 'clerk', url: at(`/movement-orders/${SEEDED_ORDER}`), ready: h1(/^Movement order /) },
  '/ingestion': { as: 'clerk', url: at('/ingestion'), ready: h1('Ingestion') },
  '/events': { as: 'clerk', url: at('/events'), ready: h1('Events') },
  '/connection': { as: 'clerk', url: at('/connection'), ready: (page) => page.getByTestId('connection-summary') },
  '/dashboard': { as: 'supervisor', url: at('/dashboard?range=7d'), ready: h1('Dashboard') },
  '/approvals': { as: 'supervisor', url: at('/approvals'), ready: h1('Approvals') },
  '/notifications': { as: 'supervisor', url: at('/notifications'), ready: h1('Notifications') },
  '/my-work': { as: 'supervisor', url: at('/my-work'), ready: (page) => page.getByTestId('queue-summary') },
  '/radar': { as: 'supervisor', url: at('/radar'), ready: (page) => page.getByTestId('radar-table') },
  '/health': { as: 'supervisor', url: at('/health'), ready: (page) => page.getByTestId('health-token') },
  '/tariff/': { as: 'clerk', url: at('/tariff?q=cotton+t-shirts'), ready: (page) => page.getByRole('link', { name: '6109 10 00' }) },
  '/tariff/$code': { as: 'analyst', url: at('/tariff/61091000'), ready: h1('6109 10 00 Of cotton') },
};

test('every route of the console has its axe check here', () => {
  const routes = consoleRoutes();
  expect(routes.length).toBeGreaterThan(10);
  expect(Object.keys(PAGES).sort(), 'add the new route to PAGES in e2e/axe-every-page.spec.ts').toEqual(routes.sort());
});

/** Opens a seeded classification item through the search, as an analyst finds it. */
async function openSeededItem(page: Page): Promise<void> {
  await page.getByLabel('External reference').fill('SKU-10003');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('classification-results').getByRole('link', { name: 'SKU-10003' }).click();
}

for (const [route, visit] of Object.entries(PAGES)) {
  test(`axe on ${route}`, async ({ page }) => {
    // Sign-in plus axe over a page of long tables (radar, my work, dashboard) takes 20 s on a quiet 2-core machine, nearly 60 s on a busy one.
    test.setTimeout(90_000);
    const url = await visit.url();
    if (visit.as) await signInAs(page, visit.as, url);
    else await page.goto(url);
    await visit.find?.(page);
    await expect(visit.ready(page)).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, route);
  });
}

/** A dialog is checked once it has finished fading in (mid-transition colours are not what users read). */
async function expectDialogAccessible(page: Page, dialog: Locator, what: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectAccessible(page, what);
}

/** Opens each listed action of the declaration's menu, checks its dialog and closes it with Escape. */
async function checkActionDialogs(page: Page, actions: readonly string[]): Promise<void> {
  const menuButton = page.getByRole('button', { name: 'Actions' });
  await menuButton.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'declaration actions menu');
  await page.keyboard.press('Escape');
  for (const action of actions) {
    await menuButton.click();
    await page.getByRole('menuitem', { name: new RegExp(`^${action}`) }).click();
    const dialog = page.getByRole('dialog', { name: action });
    await expectDialogAccessible(page, dialog, `${action} dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

test('axe on the action dialogs of an accepted outbound e-AD (supervisor)', async ({ page }) => {
  test.setTimeout(90_000);
  const id = await firstDeclarationId({ currentStatus: 'Accepted', direction: 'OUT', customsFlowStep: 'e-AD' });
  await signInAs(page, 'supervisor', `/declarations/${id}`);
  await expect(h1(/^Declaration /)(page)).toBeVisible();
  await checkActionDialogs(page, ['Invalidate', 'Change destination', 'Delay for delivery', 'Generate document']);
});

test('axe on the action dialogs of an accepted inbound e-AD and a delivered one (clerk)', async ({ page }) => {
  test.setTimeout(90_000);
  const accepted = await firstDeclarationId({ currentStatus: 'Accepted', direction: 'IN', customsFlowStep: 'e-AD Receipt' });
  await signInAs(page, 'clerk', `/declarations/${accepted}`);
  await expect(h1(/^Declaration /)(page)).toBeVisible();
  await checkActionDialogs(page, ['Receipt report', 'Reject or alert e-AD', 'Delay for delivery']);

  const delivered = await firstDeclarationId({ currentStatus: 'Delivered', direction: 'IN' });
  await page.goto(`/declarations/${delivered}`);
  await expect(h1(/^Declaration /)(page)).toBeVisible();
  await checkActionDialogs(page, ['Complementary explanation']);
});

test('axe on the editable declaration: header form, goods item drawer and the discard question', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'clerk', `/declarations/${await firstDeclarationId({ currentStatus: 'Invalid' })}`);
  await expect(h1(/^Declaration /)(page)).toBeVisible();

  await page.getByRole('button', { name: 'Edit header' }).click();
  await expect(page.getByRole('form', { name: 'Edit header' })).toBeVisible();
  await expectAccessible(page, 'edit header form');

  await page.getByRole('button', { name: /^Goods item 1\b.*: open$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Goods item 1' });
  await expectDialogAccessible(page, drawer, 'goods item drawer');
  const description = drawer.getByRole('textbox').first();
  await description.fill(`${await description.inputValue()} changed`);
  // The edit counts as unsaved once the form says so (Save is enabled): only then does Escape ask first.
  await expect(drawer.getByRole('button', { name: 'Save item' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expectDialogAccessible(page, page.getByRole('dialog', { name: 'Discard unsaved changes?' }), 'discard question');
});

test('axe on the declarations list with the save-view popover', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'clerk', '/declarations?currentStatus=Invalid');
  await expect(page.getByTestId('declarations-table').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save current filters as a view' }).click();
  await expect(page.getByRole('textbox', { name: 'View name' })).toBeFocused();
  await expectAccessible(page, 'save view popover');
});

test('axe on the classification dialogs: new item, classify, delete item', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'analyst', '/classification');
  await page.getByRole('button', { name: 'New item' }).click();
  const create = page.getByRole('dialog', { name: 'New classification item' });
  await expectDialogAccessible(page, create, 'new item dialog');
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();

  await openSeededItem(page);
  await expect(h1('SKU-10003')(page)).toBeVisible();
  await page.getByRole('button', { name: 'Classify' }).click();
  const classify = page.getByRole('dialog', { name: 'Classify item' });
  await expectDialogAccessible(page, classify, 'classify dialog');
  await page.keyboard.press('Escape');
  await expect(classify).toBeHidden();

  await page.getByRole('button', { name: 'Delete item' }).click();
  await expectDialogAccessible(page, page.getByRole('dialog', { name: 'Delete item' }), 'delete item question');
});
