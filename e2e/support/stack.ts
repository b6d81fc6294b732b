/**
 * Where the journeys' own stack listens (playwright.config.ts starts it). E2E_PORT and
 * E2E_SANDBOX_PORT move it, so journeys can run beside another stack on this machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4111);
export const CONSOLE_URL = `http://localhost:${E2E_PORT}`;
export const SANDBOX_URL = `http://localhost:${E2E_SANDBOX_PORT}`;
/** The journeys' sandbox admin token (SANDBOX_ADMIN_TOKEN of the stack playwright.config.ts starts). */
export const E2E_SANDBOX_ADMIN_TOKEN = process.env.E2E_SANDBOX_ADMIN_TOKEN ?? 'e2e-sandbox-admin-token';

/** A call to the journeys' sandbox controls (`/_sandbox/...`), with the admin token. */
export function sandboxControl(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${E2E_SANDBOX_ADMIN_TOKEN}`);
  return fetch(`${SANDBOX_URL}${path}`, { ...init, headers });
}
