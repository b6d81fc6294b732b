import { expect, test, type Cookie, type Page } from '@playwright/test';
import { z } from 'zod';
import { CONSOLE_URL } from './stack';

export const USERS = [
  { username: 'clerk', name: 'Clara Clerk', role: 'Clerk' },
  { username: 'supervisor', name: 'Sam Supervisor', role: 'Supervisor' },
  { username: 'analyst', name: 'Ana Analyst', role: 'Analyst' },
  { username: 'supervisor2', name: 'Sue Supervisor', role: 'Supervisor' },
] as const;

export type DemoUsername = (typeof USERS)[number]['username'];

/** The issuer's page is in the console's language (English, Dutch, French or German). */
const ISSUER_SIGN_IN = /^(Sign in|Aanmelden|Se connecter|Anmelden)$/;

/** On the issuer's own page: fill the labelled fields and submit. */
export async function submitIssuerForm(page: Page, username: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: ISSUER_SIGN_IN })).toBeVisible();
  await page.getByLabel(/^(Username|Gebruikersnaam|Nom d’utilisateur|Benutzername)$/).fill(username);
  await page.getByLabel(/^(Password|Wachtwoord|Mot de passe|Passwort)$/).fill(password);
  await page.getByRole('button', { name: ISSUER_SIGN_IN }).click();
}

/** From the console's sign-in page, through the issuer's page, back into the console (`timeout`: for the console to show the user). */
export async function signInFromConsole(page: Page, username: DemoUsername, timeout?: number): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in/);
  // The console's page is in the browser's language (English, Dutch, French, German or the pseudo-locale).
  await page.getByRole('button', { name: /^(Sign in|Aanmelden|Se connecter|Anmelden|\[Šíĝñ íñ~+\])$/ }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitIssuerForm(page, username, username);
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout });
}

/**
 * Opens `path` signed out and signs in as `username` through the issuer, every time. For the
 * journeys whose subject is the session itself: signing in and out, expiry and renewal, the next
 * user on the same tab, the sign-in page's language.
 */
export async function signInForReal(page: Page, username: DemoUsername, path = '/', timeout?: number): Promise<void> {
  await page.goto(path);
  await signInFromConsole(page, username, timeout);
}

/** A signed-in tab as the console left it: what a new tab needs to start signed in as the same user. */
interface SavedSession {
  sessionStorage: Record<string, string>;
  localStorage: Record<string, string>;
  cookies: Cookie[];
  /** Until then the console sends its stored access token without renewing it (stored-token.ts). */
  freshUntil: number;
}

/** The console's own copy of the access token (src/lib/auth/stored-token.ts) and its renewal margin. */
const STORED_TOKEN_KEY = 'customs-console.accesstoken.v1';
const storedTokenExpiry = z.object({ value: z.object({ expiresAt: z.number() }) });
const RENEWAL_MARGIN_MS = 5 * 60_000;
/**
 * A saved session is reused only while it stays fresh for longer than any journey runs (the
 * longest reusing one allows 180 s), so no reusing tab ever renews its token: the issuer rotates
 * refresh tokens, and two tabs renewing with the same one would end the grant for both.
 */
const REUSE_MARGIN_MS = 4 * 60_000;
/** Set in a tab once its session was restored: the init script runs again at every navigation. */
const RESTORED_MARKER = 'e2e.session-restored';

/** One real sign-in per role and worker process (module state lives as long as the worker). */
const saved = new Map<DemoUsername, SavedSession>();
/** Pages that already carry a restore script: a second user on the same tab signs in for real. */
const restoredPages = new WeakSet<Page>();

const displayName = (username: DemoUsername): string => USERS.find((u) => u.username === username)?.name ?? username;

async function saveSession(page: Page): Promise<SavedSession | undefined> {
  // The console stores its token at its first call to the BFF, which may come just after it shows the user.
  const stored = await page
    .waitForFunction((key) => window.sessionStorage.getItem(key) !== null, STORED_TOKEN_KEY, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!stored) return undefined;
  const storage = await page.evaluate(() => {
    const entries = (store: Storage): Record<string, string> => {
      const out: Record<string, string> = {};
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        const value = key === null ? null : store.getItem(key);
        if (key !== null && value !== null) out[key] = value;
      }
      return out;
    };
    return { session: entries(window.sessionStorage), local: entries(window.localStorage) };
  });
  const token = storage.session[STORED_TOKEN_KEY];
  const parsed = token ? storedTokenExpiry.safeParse(JSON.parse(token)) : undefined;
  if (!parsed?.success) return undefined;
  const cookies = await page.context().cookies();
  return {
    sessionStorage: storage.session,
    localStorage: storage.local,
    cookies,
    freshUntil: parsed.data.value.expiresAt - RENEWAL_MARGIN_MS,
  };
}

/** Before the console's first script runs, once per tab: the saved storage, as in a tab that signed in. */
async function restoreSession(page: Page, session: SavedSession): Promise<void> {
  restoredPages.add(page);
  await page.context().addCookies(session.cookies);
  await page.addInitScript(
    ({ origin, marker, sessionEntries, localEntries }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem(marker) !== null) return;
      for (const [key, value] of Object.entries(localEntries)) window.localStorage.setItem(key, value);
      for (const [key, value] of Object.entries(sessionEntries)) window.sessionStorage.setItem(key, value);
      window.sessionStorage.setItem(marker, '1');
    },
    {
      origin: new URL(CONSOLE_URL).origin,
      marker: RESTORED_MARKER,
      sessionEntries: session.sessionStorage,
      localEntries: session.localStorage,
    },
  );
}

/**
 * Opens `path` of the journeys' console (CONSOLE_URL) signed in as `username`. The first call per role and worker signs in through the
 * issuer and saves the tab's storage; later calls start a new tab from it, as a reload of a
 * signed-in tab does (the console starts from its stored token), and sign in for real again once
 * that token is close to renewal.
 */
export async function signInAs(page: Page, username: DemoUsername, path = '/', timeout?: number): Promise<void> {
  const session = saved.get(username);
  const reusable = session && session.freshUntil - Date.now() > REUSE_MARGIN_MS && !restoredPages.has(page);
  await test.step(`sign in as ${username}${reusable ? ' (saved session)' : ''}`, async () => {
    if (session && reusable) {
      // A refused token (the issuer restarted, its keys changed) ends the reuse: the next journey signs in for real.
      page.on('response', (response) => {
        if (response.status() === 401 && response.url().startsWith(`${CONSOLE_URL}/api/`) && saved.get(username) === session) {
          saved.delete(username);
        }
      });
      await restoreSession(page, session);
      await page.goto(path);
      await expect(page.getByTestId('signed-in-user')).toContainText(displayName(username), { timeout });
      return;
    }
    await signInForReal(page, username, path, timeout);
    const fresh = await saveSession(page);
    if (fresh) saved.set(username, fresh);
    else saved.delete(username);
  });
}
