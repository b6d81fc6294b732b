import { join } from 'node:path';
import { buildSandbox } from './app.js';
import { sandboxConfigFromEnv } from './config.js';
import { ftpsBanner } from './ftps/ftps-feature.js';
import { ADMIN_TOKEN_FILE } from './identity/admin-token.js';

/** `npm run sandbox`: the sandbox alone, on SANDBOX_PORT (default 4010). */
const config = sandboxConfigFromEnv();
const { app, ctx } = await buildSandbox(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Customs sandbox listening at ${config.publicUrl}`);
console.log((await ftpsBanner(ctx)).join('\n'));
app.log.info(
  `Sandbox controls (/_sandbox/*) need Authorization: Bearer <${config.adminToken ? 'SANDBOX_ADMIN_TOKEN' : `token in ${join(config.dataDir, ADMIN_TOKEN_FILE)}`}>`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
