import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, LANGUAGE_RULES } from './support/axe';
import { englishOnlyTexts, text } from './support/catalogs';
import { consoleRoutes, SEEDED_ORDER, seededItemId } from './support/console-routes';
import { firstDeclarationId } from './support/service-api';
import { signInAs, type DemoUsername } from './support/sign-in';

/**
 * Every page and the main dialogs in Dutch, French, German and the pseudo-locale (docs/i18n.md):
 * `<html lang>` set, no catalog key shown, axe clean (the rules a translation can change), and nothing left in English. In the
 * pseudo-locale (accented, a third longer) every heading, button, label and column header is
 * pseudo text, so a string that bypasses the catalogs shows up, and none is cut off. The other
 * journeys stay in English.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const LOCALES = [
  { locale: 'nl-BE', language: 'nl' },
  { locale: 'fr-BE', language: 'fr' },
  { locale: 'de-DE', language: 'de' },
  { locale: 'en-XA', language: 'en-XA' },
] as const;

interface Visit {
  route: string;
  as?: DemoUsername;
  url: () => Promise<string>;
  /** What shows once the page has loaded its data (beyond its heading). */
  ready?: (page: Page) => Locator;
}

const at = (url: string) => () => Promise.resolve(url);
const byTestId = (id: string) => (page: Page) => page.getByTestId(id);

/** Every route of the console, with the role whose work it is (the same pages as the English axe walk). */
const VISITS: readonly Visit[] = [
  { route: '/sign-in', url: at('/sign-in') },
  { route: '/', as: 'analyst', url: at('/') },
  {
    route: '/declarations/',
    as: 'clerk',
    url: at('/declarations'),
    ready: (page) => page.getByTestId('declarations-table').getByRole('row').nth(1),
  },
  {
    route: '/declarations/$declarationId',
    as: 'clerk',
    url: async () => `/declarations/${await firstDeclarationId({ currentStatus: 'Invalid' })}`,
  },
  { route: '/review', as: 'supervisor', url: at('/review') },
  { route: '/classification/', as: 'analyst', url: at('/classification') },
  { route: '/classification/worklist', as: 'analyst', url: at('/classification/worklist') },
  { route: '/classification/items/$itemId', as: 'analyst', url: async () => `/classification/items/${await seededItemId()}` },
  { route: '/subscriptions', as: 'supervisor', url: at('/subscriptions') },
  { route: '/movement-orders/', as: 'clerk', url: at('/movement-orders') },
  { route: '/movement-orders/new', as: 'clerk', url: at('/movement-orders/new') },
  { route: '/movement-orders/$id', as: 'clerk', url: at(`/movement-orders/${SEEDED_ORDER}`) },
  { route: '/ingestion', as: 'clerk', url: at('/ingestion') },
  { route: '/events', as: 'clerk', url: at('/events') },
  { route: '/connection', as: 'clerk', url: at('/connection'), ready: byTestId('connection-summary') },
  { route: '/dashboard', as: 'supervisor', url: at('/dashboard?range=7d') },
  { route: '/approvals', as: 'supervisor', url: at('/approvals') },
  { route: '/notifications', as: 'supervisor', url: at('/notifications') },
  { route: '/my-work', as: 'supervisor', url: at('/my-work'), ready: byTestId('queue-summary') },
  { route: '/radar', as: 'supervisor', url: at('/radar'), ready: byTestId('radar-table') },
  { route: '/health', as: 'supervisor', url: at('/health'), ready: byTestId('health-token') },
  { route: '/tariff/', as: 'clerk', url: at('/tariff?q=cotton+t-shirts'), ready: (page) => page.getByRole('link', { name: '6109 10 00' }) },
  { route: '/tariff/$code', as: 'analyst', url: at('/tariff/61091000') },
];

test('the language walk visits every route of the console', () => {
  expect(VISITS.map((v) => v.route).sort(), 'add the new route to VISITS in e2e/every-page-in-each-language.spec.ts').toEqual(
    consoleRoutes().sort(),
  );
});

/** What people read as the page's frame: headings, buttons, labels, column headers, tabs, menu items, names given to controls. */
interface Chrome {
  texts: string[];
  overflowing: string[];
}

/**
 * The chrome of the regions `scope` selects, as shown. Left out: data (marked `translate="no"`),
 * text marked as another language (`lang`: English-only reference data, the languages' own names)
 * and hidden parts.
 */
function chromeOf(page: Page, scope: string): Promise<Chrome> {
  return page.evaluate((regions) => {
    // Row headers name a row by its data (an error code, a date), so they are left out.
    const selector =
      'h1, h2, h3, h4, button, label, th:not([scope="row"]), legend, [role="tab"], [role="menuitem"], [role="columnheader"], nav a';
    const excluded = '[translate="no"], [lang]:not(html), [aria-hidden="true"]';
    const shown = (e: Element): e is HTMLElement => e instanceof HTMLElement && e.offsetParent !== null && e.closest(excluded) === null;
    /** The element's own text without the parts marked as data or another language. */
    const textOf = (e: HTMLElement): string => {
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      let out = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.parentElement?.closest(excluded) === null) out += n.textContent ?? '';
      return out.replace(/\s+/g, ' ').trim();
    };
    const elements = [...document.querySelectorAll(regions)].flatMap((r) => [
      ...r.querySelectorAll(selector),
      ...r.querySelectorAll('[aria-label], [placeholder]'),
    ]);
    const visible = [...new Set(elements)].filter(shown);
    const texts = visible.flatMap((e) =>
      [e.matches(selector) ? textOf(e) : '', e.getAttribute('aria-label') ?? '', e.getAttribute('placeholder') ?? '']
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    );
    // Visually hidden text (for screen readers) is 1 px wide by design, not cut off.
    const overflowing = visible
      .filter((e) => e.matches(selector) && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.innerText);
    return { texts, overflowing };
  }, scope);
}

/** A catalog key shown instead of its message ("menu.button"): a key missing from the language. */
const KEY_LIKE = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;
/** Letters the pseudo-locale writes (accented Latin); a text with plain words and none of them bypassed the catalogs. */
const PSEUDO = /[\u00C0-\u024F\u1E00-\u1EFF]/;
const PLAIN_WORD = /[A-Za-z]{3,}/;
/** A date a picker shows as its value ("28 Nov 2026, 14:23"): data written by Intl, in English for the pseudo-locale. */
/** A code shown as a value (a currency, an identifier): capitals, digits and separators only. */
const CODE_VALUE = /^[A-Z0-9][A-Z0-9 ._/-]*$/;
const DATE_VALUE = /^\d{1,2} [A-Za-z]{3,4}\.? \d{4}(, \d{2}:\d{2}(:\d{2})?)?$/;

/** What in the chrome is not in `language`: keys, English left over, and in the pseudo-locale plain or cut-off text. */
async function untranslated(page: Page, language: string, scope: string): Promise<string[]> {
  const { texts, overflowing } = await chromeOf(page, scope);
  const english = language === 'en-XA' ? new Set<string>() : englishOnlyTexts(language);
  const found = texts.filter(
    (t) =>
      KEY_LIKE.test(t) ||
      english.has(t) ||
      (language === 'en-XA' && PLAIN_WORD.test(t) && !PSEUDO.test(t) && !DATE_VALUE.test(t) && !CODE_VALUE.test(t)),
  );
  return [...found, ...(language === 'en-XA' ? overflowing.map((t) => `cut off: ${t}`) : [])];
}

async function expectInLanguage(page: Page, language: string, what: string, scope = 'header, nav, main'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // Long pages (radar, dashboard) take a while to read on a busy machine.
  await expect.poll(() => untranslated(page, language, scope), { message: `${what} in ${language}`, timeout: 30_000 }).toEqual([]);
  // axe in each language the console speaks (names, lang); the pseudo-locale is for lengths only.
  if (language !== 'en-XA') await expectAccessible(page, `${what} (${language})`, { rules: LANGUAGE_RULES });
}

/** Opens each page of `username`'s routes in one tab and checks it. */
async function walk(page: Page, language: string, username: DemoUsername | undefined): Promise<void> {
  const visits = VISITS.filter((v) => v.as === username);
  for (const [index, visit] of visits.entries()) {
    await test.step(visit.route, async () => {
      const url = await visit.url();
      if (username && index === 0) await signInAs(page, username, url);
      else await page.goto(url);
      await expect(
        page
          .getByRole('main')
          .getByRole(username ? 'heading' : 'button')
          .first(),
      ).toBeVisible({ timeout: 20_000 });
      if (visit.ready) await expect(visit.ready(page)).toBeVisible({ timeout: 20_000 });
      await expectInLanguage(page, language, visit.route);
    });
  }
}

/** A dialog once it has faded in (mid-transition colours are not what users read). */
async function expectDialogInLanguage(page: Page, dialog: Locator, language: string, what: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectInLanguage(page, language, what, '[role="dialog"], [role="menu"]');
}

for (const { locale, language } of LOCALES) {
  test.describe(`in ${locale}`, () => {
    // A role's pages one after another, each with axe: up to a minute per page on a busy 2-core machine.
    test.describe.configure({ timeout: 360_000 });
    // The browser prefers the language; each test's own context is closed after it (no stream or poll left open for the next).
    test.use({ locale });

    test(`signed out (${language})`, async ({ page }) => {
      await walk(page, language, undefined);
    });

    for (const username of ['clerk', 'supervisor', 'analyst'] as const) {
      test(`every page of the ${username} (${language})`, async ({ page }) => {
        await walk(page, language, username);
      });
    }

    test(`the declaration's actions menu and dialogs (${language})`, async ({ page }) => {
      const t = (key: `${string}:${string}`, values?: Record<string, string | number>) => text(language, key, values);
      await signInAs(
        page,
        'supervisor',
        `/declarations/${await firstDeclarationId({ currentStatus: 'Accepted', direction: 'OUT', customsFlowStep: 'e-AD' })}`,
      );
      const menuButton = page.getByRole('button', { name: t('actions:menu.button') });
      await menuButton.click();
      await expectInLanguage(page, language, 'actions menu', '[role="menu"]');
      await page.keyboard.press('Escape');
      for (const action of ['invalidate', 'changeDestination'] as const) {
        await menuButton.click();
        await page.getByRole('menuitem', { name: t(`actions:names.${action}`) }).click();
        const dialog = page.getByRole('dialog', { name: t(`actions:names.${action}`) });
        await expectDialogInLanguage(page, dialog, language, `${action} dialog`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test(`the goods item drawer and the discard question (${language})`, async ({ page }) => {
      // The clerk edits (a supervisor reads goods items only).
      const t = (key: `${string}:${string}`, values?: Record<string, string | number>) => text(language, key, values);
      await signInAs(page, 'clerk', `/declarations/${await firstDeclarationId({ currentStatus: 'Invalid' })}`);
      // "Goods item 1: open", or with its errors counted: the button's name starts with the item's title
      // (in the pseudo-locale, the title without its closing padding).
      const itemTitle = t('declaration:editor.title', { number: 1 });
      const titleStart = itemTitle.replace(/[~ ]+\]$/, '');
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(titleStart)}\\b`) }).click();
      const drawer = page.getByRole('dialog', { name: t('declaration:editor.title', { number: 1 }) });
      await expectDialogInLanguage(page, drawer, language, 'goods item drawer');
      const description = drawer.getByRole('textbox').first();
      await description.fill(`${await description.inputValue()} x`);
      // The editor has taken the change in (Save is offered) before Escape asks whether to discard it.
      await expect(drawer.getByRole('button', { name: t('declaration:editor.save') })).toBeEnabled();
      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: t('common:components.discard.title') });
      await expectDialogInLanguage(page, discard, language, 'discard question');
    });
  });
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
