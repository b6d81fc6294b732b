/**
 * `npm start` (after `vite build`) and `npm run dev` (`--dev`): the sandbox, then the BFF serving
 * the console, in one process; with --dev also Vite's dev server with hot reload.
 */
import { startMailCatcher } from './bff/alerts/mail-catcher.js';
import { buildBff } from './bff/app.js';
import { bffConfigFromEnv } from './bff/config.js';
import { buildSandbox } from './sandbox/app.js';
import { sandboxConfigFromEnv } from './sandbox/config.js';
import { ftpsBanner } from './sandbox/ftps/ftps-feature.js';

const dev = process.argv.includes('--dev');
const VITE_PORT = Number(process.env.VITE_PORT ?? 5173);
const DEMO_APPROVAL_POLICY = 'config/approval-policy.demo.json';

interface Closable {
  name: string;
  close(): Promise<unknown>;
}
const running: Closable[] = [];

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const consoleUrls = new Set((process.env.CONSOLE_URLS ?? '').split(/[\s,]+/).filter(Boolean));
  consoleUrls.add(`http://localhost:${port}`);
  if (dev) consoleUrls.add(`http://localhost:${VITE_PORT}`);

  // The local BFF receives its live events on localhost: loopback webhooks allowed unless the operator says otherwise.
  const sandboxConfig = sandboxConfigFromEnv({
    SANDBOX_ALLOW_LOOPBACK_WEBHOOKS: 'true',
    ...process.env,
    CONSOLE_URLS: [...consoleUrls].join(','),
  });
  const sandbox = await buildSandbox(sandboxConfig);
  await sandbox.app.listen({ port: sandboxConfig.port, host: sandboxConfig.host });
  running.push({ name: 'sandbox', close: () => sandbox.app.close() });

  // The demo four-eyes policy unless the operator names another (an empty APPROVAL_POLICY_FILE: none).
  // Alerts by e-mail work out of the box: without SMTP_URL a mail catcher on loopback receives them (the console lists what was sent).
  let mailCatcherUrl: string | undefined;
  if (!process.env.SMTP_URL?.trim()) {
    const catcher = await startMailCatcher(Number(process.env.MAIL_CATCHER_PORT ?? 0));
    running.push({ name: 'mail catcher', close: () => catcher.close() });
    mailCatcherUrl = catcher.url;
  }
  const bffConfig = bffConfigFromEnv({
    APPROVAL_POLICY_FILE: DEMO_APPROVAL_POLICY,
    ...process.env,
    SANDBOX_PORT: String(sandboxConfig.port),
    ...(mailCatcherUrl ? { SMTP_URL: mailCatcherUrl } : {}),
  });
  const bff = await buildBff(bffConfig);
  await bff.app.listen({ port: bffConfig.port, host: bffConfig.host });
  running.unshift({ name: 'bff', close: () => bff.app.close() });

  let consoleUrl = `http://localhost:${bffConfig.port}`;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ configFile: 'vite.config.ts', server: { port: VITE_PORT, strictPort: true } });
    await vite.listen();
    running.unshift({ name: 'vite', close: () => vite.close() });
    consoleUrl = `http://localhost:${VITE_PORT}`;
  }

  const readyMs = Math.round(performance.now());
  const lines = [
    '',
    `  Customs Console ${dev ? '(dev, hot reload)' : ''}`.trimEnd(),
    '',
    `  Console   ${consoleUrl}`,
    ...(dev ? [`  BFF       http://localhost:${bffConfig.port}`] : []),
    `  Sandbox   ${sandboxConfig.publicUrl}   (customs service stand-in and sign-in)`,
    `  Data      ${bffConfig.dataDir}`,
    // DATABASE_URL / SANDBOX_DATABASE_URL: data on PostgreSQL (shown without its password).
    ...(bff.store.engine === 'postgres' ? [`  BFF data  ${bff.store.location}`] : []),
    ...(sandbox.ctx.store.engine === 'postgres' ? [`  Sandbox data  ${sandbox.ctx.store.location}`] : []),
    ...(await ftpsBanner(sandbox.ctx)),
    ...(mailCatcherUrl ? [`  Mail      ${mailCatcherUrl}   (local mail catcher: alert e-mails are listed under Notifications)`] : []),
    `  Approvals ${approvalsBanner(bffConfig.approvals.policy.rules.length)}`,
    '',
    `  Sandbox controls (/_sandbox/*): Authorization: Bearer ${sandbox.adminToken}`,
    '',
    '  Demo sign-in (sandbox only):',
    '    username     password     role',
    '    clerk        clerk        clerk',
    '    supervisor   supervisor   supervisor',
    '    analyst      analyst      analyst',
    '    supervisor2  supervisor2  supervisor (approves what supervisor asks for)',
    '',
    `  Ready in ${readyMs} ms (from process start). Ctrl+C stops.`,
    '',
  ];
  console.log(lines.join('\n'));
}

function approvalsBanner(rules: number): string {
  const file = process.env.APPROVAL_POLICY_FILE ?? DEMO_APPROVAL_POLICY;
  return rules === 0
    ? 'none (APPROVAL_POLICY_FILE names a policy)'
    : `${rules} rule${rules === 1 ? '' : 's'} from ${file} (docs/approvals.md)`;
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping ${running.map((r) => r.name).join(', ')} ...`);
  const force = setTimeout(() => {
    console.error('Shutdown took longer than 10 s; exiting.');
    process.exit(1);
  }, 10_000);
  force.unref();
  for (const r of running) {
    await r.close().catch((e: unknown) => console.error(`${r.name} did not close cleanly:`, e));
  }
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal));

// The message alone, no stack: configuration, an unreachable database (DatabaseUnavailableError) or a newer schema (SchemaTooNewError) are the operator's to fix.
main().catch(async (e: unknown) => {
  console.error('Customs Console could not start:', e instanceof Error ? e.message : e);
  for (const r of running) await r.close().catch(() => undefined);
  process.exit(1);
});
