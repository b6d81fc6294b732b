import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const INSTALL_HINT =
  'No Chromium found for the Playwright journeys. Install one with `apt-get install -y chromium` (or `npx playwright install chromium`), or set CHROMIUM_PATH to a Chromium binary.';

/**
 * The browser for the journeys: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own.
 * Returns undefined for Playwright's own build; throws one readable line when there is none at all.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist. ${INSTALL_HINT}`);
    return configured;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(INSTALL_HINT);
}
