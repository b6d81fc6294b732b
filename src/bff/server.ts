import { buildBff } from './app.js';
import { bffConfigFromEnv } from './config.js';

/** `npm run bff`: the BFF alone, on PORT (default 8080), pointed at the service or the sandbox on SANDBOX_PORT. */
const config = bffConfigFromEnv();
const { app } = await buildBff(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Customs Console BFF listening at http://localhost:${config.port} (upstream ${config.upstream.baseUrl})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
