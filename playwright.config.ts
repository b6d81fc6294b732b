import { defineConfig, devices } from '@playwright/test';
import { findChromium, INSTALL_HINT } from './e2e/support/find-browser';
import { CONSOLE_URL as BASE_URL, E2E_PORT as PORT, E2E_SANDBOX_ADMIN_TOKEN, E2E_SANDBOX_PORT as SANDBOX_PORT } from './e2e/support/stack';

let executablePath: string | undefined;
try {
  executablePath = findChromium();
} catch (e) {
  // One clear line instead of a stack trace (docs/architecture.md section 7).
  console.error(e instanceof Error ? e.message : INSTALL_HINT);
  process.exit(1);
}

/** Journeys run against the built console served by the BFF, with a fresh sandbox behind it. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  // Two cores: one worker for the browser, the rest for the servers.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Recording a trace costs every journey time (a DOM snapshot per action): in CI only the retry of a failed journey records one.
  use: { baseURL: BASE_URL, trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The journeys test the console, not the sandbox's rate limit (src/sandbox/http/rate-limit.test.ts does;
  // the console's wait on a 429 is shown by fault injection in retry-wait.spec.ts), so it is off, and so is the
  // BFF's per-user limit (src/bff/security/user-rate-limit.test.ts). The approval policy guards only CHF filings, which the seed
  // data never has, so the other journeys' Submits go straight through (e2e/approvals.spec.ts creates its own).
  webServer: {
    command: `rm -rf .data/e2e-${PORT} && tsx src/start.ts`,
    url: `${BASE_URL}/readyz`,
    env: {
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      DATA_DIR: `.data/e2e-${PORT}`,
      LOG_LEVEL: 'warn',
      SANDBOX_ADMIN_TOKEN: E2E_SANDBOX_ADMIN_TOKEN,
      SANDBOX_RATE_LIMIT: '0',
      BFF_RATE_LIMIT: 'off',
      APPROVAL_POLICY_FILE: 'e2e/support/approval-policy.json',
    },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
