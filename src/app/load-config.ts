import { consoleConfigSchema, type ConsoleConfig } from '../contract/console-config';

/** Runtime settings from the BFF (one build serves acceptance and production). */
export async function loadConsoleConfig(): Promise<ConsoleConfig> {
  const res = await fetch('/config.json', { headers: { accept: 'application/json' }, cache: 'no-cache' });
  if (!res.ok) throw new Error(`The console's configuration is not available (HTTP ${res.status}).`);
  const parsed = consoleConfigSchema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new Error("The console's configuration (/config.json) is not valid.");
  return parsed.data;
}
