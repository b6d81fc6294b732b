import { z } from 'zod';
import { logFormatSchema, resolveLogFormat } from '../server-kit/logging/log-output.js';
import { databaseUrlSchema } from '../server-kit/database/engine.js';
import { HTTP_TIMEOUT_DEFAULTS, timeoutMsSetting } from '../server-kit/http/timeouts.js';

/** A TCP port, or 0 / `off` for none. */
const optionalPort = z.union([z.literal('off').transform(() => 0), z.coerce.number().int().min(0).max(65535)]).default(0);

/** `min-max`: the ports FTPS data connections (passive mode) listen on. */
const portRange = z
  .string()
  .regex(/^\d{1,5}-\d{1,5}$/, 'must be min-max, e.g. 30000-30099')
  .transform((s) => {
    const [min = 0, max = 0] = s.split('-').map(Number);
    return { min, max };
  })
  .refine((r) => r.min >= 1 && r.min <= r.max && r.max <= 65535, 'must be 1 <= min <= max <= 65535');

/** Sandbox configuration, parsed once from the environment at start-up. */
export const sandboxConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(4010),
  host: z.string().default('127.0.0.1'),
  /** Base URL the sandbox is reached at (issuer, download links, declarationUrl). Defaults to http://localhost:<port>. */
  publicUrl: z.url().optional(),
  dataDir: z.string().min(1).default('.data'),
  /** postgres:// selects PostgreSQL; unset keeps SQLite in `${dataDir}/sandbox.sqlite`. */
  databaseUrl: databaseUrlSchema,
  /**
   * Several processes on one PostgreSQL database: a job claimed this long ago by a process that
   * has not finished it is presumed abandoned (its process died) and runs again. Longer than any job runs.
   */
  jobReclaimAfterMs: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 60_000),
  /** Divides every simulated delay (webhook retry schedule, flow timers): 60 turns a minute into a second. */
  timeScale: z.coerce.number().positive().default(1),
  /** Origins allowed to use the OpenID Connect issuer as a redirect target (the console). */
  consoleUrls: z
    .string()
    .default('http://localhost:8080')
    .transform((s) => s.split(/[\s,]+/).filter(Boolean)),
  /** Seed the demo data set on first start (and on reset). */
  seed: z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]).default(true),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** JSON lines, or readable lines on a terminal (server-kit/logging). */
  logFormat: logFormatSchema.transform((f) => resolveLogFormat(f)),
  /** Lets classification image urls reach loopback, private and link-local addresses (tests with a local server). Off by default. */
  allowPrivateImageUrls: z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]).default(false),
  /** Lifetime of the service tokens it issues (expires_in); the specification's hour unless a bench shortens it. */
  serviceTokenSeconds: z.coerce.number().int().min(1).default(3600),
  /** Bearer token of the /_sandbox controls; unset: generated once into the sandbox's secrets (shared by processes on one database). */
  adminToken: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** Lets webhook destinations and token urls be plain HTTP on loopback (a local BFF, test receivers); never the sandbox's own port. Off by default. */
  allowLoopbackWebhooks: z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]).default(false),
  /** Requests per second per client and tenant (token bucket, per process); 0 turns the limit off (load tests). */
  rateLimit: z.coerce.number().min(0).default(50),
  /** FTPS with AUTH TLS (explicit) and FTPS over TLS from the first byte (implicit); 0 = off (the default here; `npm start` uses 2121 and 9990). */
  ftpsPort: optionalPort,
  ftpsImplicitPort: optionalPort,
  /** Passive-mode data ports, and the address told to clients for them. */
  ftpsPassivePorts: portRange.default({ min: 30000, max: 30099 }),
  ftpsPassiveHost: z.string().min(1).default('127.0.0.1'),
  /** PEM files of the FTPS certificate and key; unset: a self-signed pair generated under dataDir. */
  ftpsCert: z.string().min(1).optional(),
  ftpsKey: z.string().min(1).optional(),
  /** An uploaded file is picked up this long after its upload (the specification: within up to 5 minutes). */
  ftpsPickupMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(5 * 60_000)
    .default(30_000),
  /** HTTP: a request's headers and body must arrive within this (else 408), an idle connection and a kept-alive one are closed after these. */
  httpRequestTimeoutMs: timeoutMsSetting(HTTP_TIMEOUT_DEFAULTS.requestTimeoutMs),
  httpIdleTimeoutMs: timeoutMsSetting(HTTP_TIMEOUT_DEFAULTS.idleTimeoutMs),
  httpKeepAliveTimeoutMs: timeoutMsSetting(HTTP_TIMEOUT_DEFAULTS.keepAliveTimeoutMs),
});

export type SandboxConfigInput = z.input<typeof sandboxConfigSchema>;
export type SandboxConfig = z.output<typeof sandboxConfigSchema> & { publicUrl: string };

/** Parses settings (typed input in tests, raw strings from the environment). */
export function parseSandboxConfig(input: SandboxConfigInput | Record<string, string | undefined>): SandboxConfig {
  const parsed = sandboxConfigSchema.parse(input);
  return { ...parsed, publicUrl: parsed.publicUrl ?? `http://localhost:${parsed.port}` };
}

export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return parseSandboxConfig({
    port: env.SANDBOX_PORT,
    host: env.SANDBOX_HOST,
    publicUrl: env.SANDBOX_PUBLIC_URL,
    dataDir: env.DATA_DIR,
    databaseUrl: env.SANDBOX_DATABASE_URL,
    timeScale: env.SANDBOX_TIME_SCALE,
    jobReclaimAfterMs: env.SANDBOX_JOB_RECLAIM_MS,
    consoleUrls: env.CONSOLE_URLS ?? (env.PORT ? `http://localhost:${env.PORT}` : undefined),
    seed: env.SANDBOX_SEED,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    allowPrivateImageUrls: env.SANDBOX_ALLOW_PRIVATE_IMAGE_URLS,
    serviceTokenSeconds: env.SANDBOX_SERVICE_TOKEN_SECONDS,
    adminToken: env.SANDBOX_ADMIN_TOKEN || undefined,
    allowLoopbackWebhooks: env.SANDBOX_ALLOW_LOOPBACK_WEBHOOKS,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    // Ports that need no root (the specification names 21 and 990).
    ftpsPort: env.SANDBOX_FTPS_PORT ?? '2121',
    ftpsImplicitPort: env.SANDBOX_FTPS_IMPLICIT_PORT ?? '9990',
    ftpsPassivePorts: env.SANDBOX_FTPS_PASSIVE_PORTS,
    ftpsPassiveHost: env.SANDBOX_FTPS_PASSIVE_HOST,
    ftpsCert: env.SANDBOX_FTPS_CERT,
    ftpsKey: env.SANDBOX_FTPS_KEY,
    ftpsPickupMs: env.SANDBOX_FTPS_PICKUP_MS,
    httpRequestTimeoutMs: env.SANDBOX_HTTP_REQUEST_TIMEOUT_MS,
    httpIdleTimeoutMs: env.SANDBOX_HTTP_IDLE_TIMEOUT_MS,
    httpKeepAliveTimeoutMs: env.SANDBOX_HTTP_KEEP_ALIVE_TIMEOUT_MS,
  });
}
