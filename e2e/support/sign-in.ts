import { expect, type Page } from '@playwright/test';

export const USERS = [
  { username: 'clerk', name: 'Clara Clerk', role: 'Clerk' },
  { username: 'supervisor', name: 'Sam Supervisor', role: 'Supervisor' },
  { username: 'analyst', name: 'Ana Analyst', role: 'Analyst' },
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
  // The console's page is in the browser's language (English, Dutch, French or German).
  await page.getByRole('button', { name: /^(Sign in|Aanmelden|Se connecter|Anmelden)$/ }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitIssuerForm(page, username, username);
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout });
}

/** Opens `path` signed out and signs in as `username`. */
export async function signInAs(page: Page, username: DemoUsername, path = '/', timeout?: number): Promise<void> {
  await page.goto(path);
  await signInFromConsole(page, username, timeout);
}
