import { DatabaseUnavailableError } from '../server-kit/database/engine.js';
import { SchemaTooNewError } from '../server-kit/database/migrations.js';
import { buildBff } from './app.js';
import { BffConfigError, bffConfigFromEnv } from './config.js';

/** Start-up failures the operator fixes with a setting: their message alone, no stack. */
const isSettingProblem = (e: unknown): e is Error =>
  e instanceof BffConfigError || e instanceof DatabaseUnavailableError || e instanceof SchemaTooNewError;

/** `npm run bff`: the BFF alone, on PORT (default 8080), pointed at the service or the sandbox on SANDBOX_PORT. */
async function main(): Promise<void> {
  const config = bffConfigFromEnv();
  const { app, store } = await buildBff(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Customs Console BFF listening at http://localhost:${config.port} (upstream ${config.upstream.baseUrl}, data ${store.location})`,
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

try {
  await main();
} catch (e) {
  if (!isSettingProblem(e)) throw e;
  console.error(`Customs Console BFF could not start: ${e.message}`);
  process.exit(1);
}
