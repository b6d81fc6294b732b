import { expect, test, type Browser, type Page } from '@playwright/test';
import { declarationSchema, declarationSearchResultSchema } from '../src/contract/declarations';
import { expectAccessible } from './support/axe';
import { serviceToken } from './support/service-api';
import { submitIssuerForm, type DemoUsername } from './support/sign-in';
import { SANDBOX_URL } from './support/stack';

/**
 * The console in the clerk's language (docs/i18n.md): a browser that prefers Dutch, French or German
 * signs in and reads the translated pages in its language with its number format; the language
 * menu switches in place; the pseudo-locale finds text cut off in the translated parts.
 * Translated so far: the shell (sign-in, header, navigation, role page, sign-out). The full journeys stay English.
 */
test.describe.configure({ timeout: 120_000 });

const LANGUAGES = [
  {
    locale: 'nl-BE',
    lang: 'nl',
    signIn: 'Aanmelden',
    nav: ['Mijn werk', 'Termijnradar', 'Dashboard'],
    signOut: 'Afmelden',
    name: 'Nederlands',
  },
  {
    locale: 'fr-BE',
    lang: 'fr',
    signIn: 'Se connecter',
    nav: ['Mon travail', 'Radar des délais', 'Tableau de bord'],
    signOut: 'Se déconnecter',
    name: 'Français',
  },
  {
    locale: 'de-DE',
    lang: 'de',
    signIn: 'Anmelden',
    nav: ['Meine Arbeit', 'Fristenradar', 'Übersicht'],
    signOut: 'Abmelden',
    name: 'Deutsch',
  },
] as const;

/** A seeded declaration with a goods item worth at least 1000 (so its customs value has a thousands separator). */
async function declarationWithLargeValue(): Promise<{ id: string; amount: number }> {
  const headers = { authorization: `Bearer ${await serviceToken()}` };
  const get = async (path: string): Promise<unknown> => (await fetch(`${SANDBOX_URL}${path}`, { headers })).json();
  const found = declarationSearchResultSchema.parse(await get('/v1/declarations/search?limit=30'));
  for (const s of found) {
    const d = declarationSchema.parse(await get(`/v1/declarations/${s.declarationId}`));
    const items = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;
    const first = items[0]?.customsValue?.amount;
    if (items.length <= 20 && typeof first === 'number' && first >= 1000) return { id: d.declarationId, amount: first };
  }
  throw new Error('no seeded declaration with a goods item worth 1000 or more');
}

async function signInIn(browser: Browser, locale: string, signInLabel: RegExp | string, username: DemoUsername = 'clerk'): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: signInLabel, exact: typeof signInLabel === 'string' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitIssuerForm(page, username, username);
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 30_000 });
  return page;
}

for (const l of LANGUAGES) {
  test(`a browser preferring ${l.locale} signs in and reads the console in ${l.name}, numbers in its format`, async ({ browser }) => {
    const context = await browser.newContext({ locale: l.locale });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByTestId('language-menu')).toHaveText(l.name);
    await expectAccessible(page, `sign-in (${l.lang})`);
    await page.getByRole('button', { name: l.signIn, exact: true }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    // The issuer's page speaks the console's language too.
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('heading', { name: l.signIn })).toBeVisible();
    await expectAccessible(page, `issuer sign-in (${l.lang})`);
    await submitIssuerForm(page, 'clerk', 'clerk');
    await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    const nav = page.getByRole('navigation').first().getByRole('link');
    await expect(nav.nth(0)).toHaveText(l.nav[0]);
    await expect(nav.nth(1)).toHaveText(l.nav[1]);
    await expect(nav.nth(2)).toHaveText(l.nav[2]);
    await expect(page.getByRole('button', { name: l.signOut })).toBeVisible();
    await expectAccessible(page, `declarations (${l.lang})`);

    // A customs value as this language writes it: 4.829,5 in Dutch and German, 4 829,5 (narrow no-break space) in French.
    const { id, amount } = await declarationWithLargeValue();
    await page.goto(`/declarations/${id}`);
    const written = new Intl.NumberFormat(l.lang, { maximumFractionDigits: 3 }).format(amount);
    expect(written).toMatch(l.lang === 'fr' ? /^\d{1,3}(\u202f\d{3})+(,\d+)?$/ : /^\d{1,3}(\.\d{3})+(,\d+)?$/);
    // Raw text, not accessible names: those fold the narrow no-break space into a plain one.
    await expect
      .poll(async () =>
        (await page.getByRole('gridcell').allTextContents()).some((t) => /^[^ ]+ [A-Z]{3}$/.test(t) && t.startsWith(`${written} `)),
      )
      .toBe(true);

    // A page the role may not open says so in this language.
    await page.goto('/review');
    await expect(page.getByTestId('not-for-your-role')).toBeVisible();
    await expect(page.getByTestId('not-for-your-role')).not.toContainText('is for');
    await expectAccessible(page, `not for your role (${l.lang})`);
    await context.close();
  });
}

test('the language menu switches in place: no reload, the half-typed search stays, the choice is kept for the user', async ({
  browser,
}) => {
  // The second supervisor: the BFF keeps the choice for the user, and the language walk needs the others with no choice kept.
  const page = await signInIn(browser, 'en-GB', 'Sign in', 'supervisor2');
  await page.goto('/declarations');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  // The same page keeps a form's text: the search field of the page.
  const search = page.getByRole('main').getByRole('textbox').first();
  await search.fill('half typed');

  await page.getByTestId('language-menu').click();
  await expectAccessible(page, 'language menu', { include: '[role="menu"]' });
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(search).toHaveValue('half typed');
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

  // Kept for this user: a reload (English browser) comes back in German.
  await page.reload();
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('language-menu')).toHaveText('Deutsch');

  // Sign-out removes everything of the user from the browser; the BFF keeps the choice for the next sign-in.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitIssuerForm(page, 'supervisor2', 'supervisor2');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Back to English, kept too (the user's other journeys read English).
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PUT');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect((await kept).status()).toBe(200);
  await page.context().close();
});

test('in the pseudo-locale (accented, a third longer) no translated button, label or heading is cut off', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-XA' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  const signIn = page.getByRole('main').getByRole('button');
  await expect(signIn).toHaveText(/^\[Šíĝñ íñ~+\]$/);
  const overflowing = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('button, label, th, a, h1, h2, [role="status"], [data-testid="environment-banner"] p')]
        .filter((e) => e instanceof HTMLElement && e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    );
  expect(await overflowing()).toEqual([]);
  await signIn.click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitIssuerForm(page, 'clerk', 'clerk');
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 30_000 });
  // Every translated string is pseudo: the navigation's links are accented and bracketed.
  const links = page.getByRole('navigation').first().getByRole('link');
  await expect(links.first()).toHaveText(/^\[.+~+\]$/);
  for (const path of ['/my-work', '/declarations', '/review']) {
    await page.goto(path);
    await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 30_000 });
    await expect.poll(overflowingIn(page, 'header, nav')).toEqual([]);
  }
  await context.close();
});

/** Elements of the translated regions whose text is wider than their box. */
function overflowingIn(page: Page, selector: string): () => Promise<(string | null)[]> {
  return () =>
    page.evaluate(
      (regions) =>
        [...document.querySelectorAll(regions)]
          .flatMap((region) => [...region.querySelectorAll('button, label, th, a, p, [role="status"]')])
          .filter((e) => e instanceof HTMLElement && e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.textContent),
      selector,
    );
}
