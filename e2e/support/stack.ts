/**
 * Where the journeys' own stack listens (playwright.config.ts starts it). E2E_PORT and
 * E2E_SANDBOX_PORT move it, so journeys can run beside another stack on this machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4111);
export const CONSOLE_URL = `http://localhost:${E2E_PORT}`;
export const SANDBOX_URL = `http://localhost:${E2E_SANDBOX_PORT}`;
