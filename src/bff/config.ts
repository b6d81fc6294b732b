import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { approvalPolicySchema, NO_APPROVAL_POLICY, type ApprovalPolicy } from '../contract/approval-policy.js';
import { logFormatSchema, resolveLogFormat, type LogFormat } from '../server-kit/logging/log-output.js';
import { LIVE_STREAMS_PER_USER } from '../contract/live.js';
import { databaseUrlSchema } from '../server-kit/database/engine.js';
import { HTTP_TIMEOUT_DEFAULTS, timeoutMsSetting, type HttpTimeouts } from '../server-kit/http/timeouts.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const LOCAL_SANDBOX_SECRET = 'console-acc-secret';

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim()));

const MAILBOX = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;
const smtpUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:pass@mail.example.com:587');

/** The BFF's environment, variable by variable (src/bff/README.md describes each). */
export const bffEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  DATA_DIR: z.string().min(1).default('.data'),
  /** postgres:// selects PostgreSQL (shared by replicas); unset: SQLite `${DATA_DIR}/bff.sqlite`. */
  DATABASE_URL: databaseUrlSchema,
  ENVIRONMENT: z.enum(['ACCEPTANCE', 'PRODUCTION']).default('ACCEPTANCE'),
  UPSTREAM_BASE_URL: z.url().optional(),
  UPSTREAM_TOKEN_URL: z.url().optional(),
  UPSTREAM_CLIENT_ID: z.string().min(1).default('console-acc'),
  UPSTREAM_CLIENT_SECRET: optionalString,
  UPSTREAM_SCOPE: optionalString,
  USER_ISSUER: z.url().optional(),
  USER_JWKS_URL: z.url().optional(),
  USER_AUDIENCE: z.string().min(1).default('api://customs-console'),
  SPA_CLIENT_ID: z.string().min(1).default('customs-console'),
  SPA_SCOPES: z.string().min(1).default('api://customs-console/access_as_user'),
  /** Defaults to AAD when ENTRA_AUTHORITY is set, else OIDC (the sandbox's issuer). */
  AUTH_PROTOCOL: z.enum(['OIDC', 'AAD']).optional(),
  ENTRA_AUTHORITY: z.url().optional(),
  STATIC_DIR: z.string().min(1).default('dist/console'),
  /** Where the service delivers webhooks: `${PUBLIC_URL}/webhooks/customs`. Default http://localhost:${PORT}. */
  PUBLIC_URL: z.url().optional(),
  /** Shared secret the service sends in X-Webhook-Secret; generated into ${DATA_DIR}/webhook-secret when absent. */
  WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  LIVE_EVENTS: z.enum(['on', 'off']).default('on'),
  /** Open /api/live streams one user may hold per replica; one more answers 429. */
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(LIVE_STREAMS_PER_USER),
  /** The per-user rate limit (plugins/user-rate-limit.ts): `off` (or 0) turns it off, e.g. for the browser journeys. */
  BFF_RATE_LIMIT: z.enum(['on', 'off', '1', '0']).default('on'),
  /** Requests a second one user may make per operation class; a burst of BFF_RATE_LIMIT_BURST_SECONDS of them is taken at once. */
  BFF_RATE_LIMIT_READ: z.coerce.number().positive().max(10_000).default(20),
  BFF_RATE_LIMIT_ACT: z.coerce.number().positive().max(10_000).default(10),
  BFF_RATE_LIMIT_CONSOLE: z.coerce.number().positive().max(10_000).default(20),
  BFF_RATE_LIMIT_BURST_SECONDS: z.coerce.number().positive().max(3600).default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: logFormatSchema,
  /** A request's headers and body must arrive within this (else 408); idle and kept-alive connections are closed after the other two. */
  HTTP_REQUEST_TIMEOUT_MS: timeoutMsSetting(HTTP_TIMEOUT_DEFAULTS.requestTimeoutMs),
  HTTP_IDLE_TIMEOUT_MS: timeoutMsSetting(HTTP_TIMEOUT_DEFAULTS.idleTimeoutMs),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: timeoutMsSetting(HTTP_TIMEOUT_DEFAULTS.keepAliveTimeoutMs),
  /** GET /metrics (Prometheus) on this port, apart from PORT; unset: off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The metrics port's interface; loopback unless set (e.g. 0.0.0.0 for a scraper on the network). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Alerts by e-mail go through this SMTP server (smtp://user:pass@host:587, smtps://...); unset: no e-mail. */
  SMTP_URL: optionalString.pipe(smtpUrlSchema.optional()),
  /** The From of alert e-mails: an address, or `Name <address>`. */
  ALERT_FROM: optionalString.pipe(z.string().regex(MAILBOX, 'must be an e-mail address or Name <address>').optional()),
  /** The four-eyes policy, a JSON file (docs/approvals.md); unset or empty: nothing waits for approval. */
  APPROVAL_POLICY_FILE: optionalString,
  /** A request nobody decided on expires after this many hours. */
  APPROVAL_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24),
  /** Events are silent (a health alert) when none arrived this many minutes after a declaration action the service accepted. */
  HEALTH_EVENT_SILENCE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
});

export interface BffConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; undefined: SQLite under dataDir. Never logged (it may hold a password). */
  databaseUrl: string | undefined;
  environment: 'ACCEPTANCE' | 'PRODUCTION';
  logLevel: z.output<typeof bffEnvSchema>['LOG_LEVEL'];
  /** JSON lines, or readable lines on a terminal (server-kit/logging). */
  logFormat: LogFormat;
  /** HTTP_REQUEST_TIMEOUT_MS, HTTP_IDLE_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS. */
  http: HttpTimeouts;
  staticDir: string;
  upstream: {
    /** Base URL of the customs service (no trailing slash); `/v1/...` is appended. */
    baseUrl: string;
    tokenUrl: string;
    clientId: string;
    clientSecret: string;
    scope: string;
  };
  user: {
    protocol: 'OIDC' | 'AAD';
    /** Expected `iss` of user access tokens, verbatim. */
    issuer: string;
    jwksUrl: string;
    audience: string;
    spaClientId: string;
    spaScopes: string[];
    /** AAD mode: https://login.microsoftonline.com/<tenant>. */
    entraAuthority: string | undefined;
    /** Origin of the identity provider, for the CSP (connect-src, frame-src, form-action). */
    idpOrigin: string;
  };
  live: {
    enabled: boolean;
    /**
     * The console's public base URL (no trailing slash). undefined only when PORT is 0 and
     * PUBLIC_URL is unset (tests): the bound address is used once the server listens.
     */
    publicUrl: string | undefined;
    /** From WEBHOOK_SECRET; undefined: read or generated in `${dataDir}/webhook-secret` at start. */
    webhookSecret: string | undefined;
    /** LIVE_STREAMS_PER_USER. */
    streamsPerUser: number;
  };
  /** Per user and operation class, shared by every replica; undefined: off (BFF_RATE_LIMIT=off). */
  rateLimit: UserRateLimits | undefined;
  /** METRICS_PORT and METRICS_HOST; undefined: no metrics. */
  metrics: { port: number; host: string } | undefined;
  alerts: {
    /** SMTP_URL (never logged: it may hold a password); undefined: alerts are not e-mailed. */
    smtpUrl: string | undefined;
    from: string;
  };
  approvals: {
    /** From APPROVAL_POLICY_FILE; no rules when unset. */
    policy: ApprovalPolicy;
    /** APPROVAL_EXPIRY_HOURS in milliseconds. */
    expiryMs: number;
  };
  health: {
    /** HEALTH_EVENT_SILENCE_MINUTES. */
    eventSilenceMinutes: number;
  };
}

/** The operation classes of the per-user rate limit: the service's reads, its writes and actions, and the console's own endpoints. */
export type OperationClass = 'read' | 'act' | 'console';

export type UserRateLimits = Readonly<Record<OperationClass, { perSecond: number; capacity: number }>>;

const bucketOf = (perSecond: number, burstSeconds: number) => ({ perSecond, capacity: Math.max(1, Math.round(perSecond * burstSeconds)) });

/** A setting is missing or wrong: start-up stops with this message alone (the operator has a variable to fix). */
export class BffConfigError extends Error {
  override name = 'BffConfigError';
}

/** One problem: one line; several: one line each under the heading. */
const invalidConfig = (problems: string[]): BffConfigError =>
  new BffConfigError(
    problems.length === 1
      ? `Invalid BFF configuration: ${problems[0]}`
      : `Invalid BFF configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );

const trimSlash = (s: string): string => s.replace(/\/+$/, '');
const isLoopback = (url: string): boolean => LOOPBACK_HOSTS.has(new URL(url).hostname);

/** Reads and checks the approval policy file: a missing file, bad JSON or a wrong rule stops start-up, naming the rule and field. */
function readApprovalPolicy(file: string | undefined): ApprovalPolicy {
  if (file === undefined) return NO_APPROVAL_POLICY;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(resolve(file), 'utf8'));
  } catch (e) {
    throw invalidConfig([`APPROVAL_POLICY_FILE: ${file}: ${e instanceof Error ? e.message : String(e)}`]);
  }
  const parsed = approvalPolicySchema.safeParse(json);
  if (!parsed.success)
    throw invalidConfig(parsed.error.issues.map((i) => `APPROVAL_POLICY_FILE ${file}: ${i.path.join('.') || '(file)'}: ${i.message}`));
  return parsed.data;
}

/** Parses the BFF's settings (raw strings from the environment, or the same keys in tests). Throws a readable error when invalid. */
export function parseBffConfig(env: Record<string, string | number | undefined>): BffConfig {
  const parsed = bffEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw invalidConfig(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const approvalPolicy = readApprovalPolicy(e.APPROVAL_POLICY_FILE);
  const baseUrl = trimSlash(e.UPSTREAM_BASE_URL ?? `http://localhost:${e.SANDBOX_PORT}`);
  const clientSecret = e.UPSTREAM_CLIENT_SECRET ?? (isLoopback(baseUrl) ? LOCAL_SANDBOX_SECRET : undefined);
  if (!clientSecret) throw invalidConfig(['UPSTREAM_CLIENT_SECRET: required when UPSTREAM_BASE_URL is not the local sandbox']);
  const protocol = e.AUTH_PROTOCOL ?? (e.ENTRA_AUTHORITY ? 'AAD' : 'OIDC');
  const entraAuthority = e.ENTRA_AUTHORITY && trimSlash(e.ENTRA_AUTHORITY);
  if (protocol === 'AAD' && !entraAuthority) throw invalidConfig(['ENTRA_AUTHORITY: required when AUTH_PROTOCOL is AAD']);
  // Entra ID v2 access tokens: issuer <authority>/v2.0, keys at <authority>/discovery/v2.0/keys.
  // Kept exactly as configured: the token's `iss` is compared with it verbatim (Entra v1 issuers end in a slash).
  const issuer =
    e.USER_ISSUER ?? (protocol === 'AAD' && entraAuthority ? `${entraAuthority}/v2.0` : `http://localhost:${e.SANDBOX_PORT}/oidc`);
  const defaultJwks =
    protocol === 'AAD' && entraAuthority && !e.USER_ISSUER ? `${entraAuthority}/discovery/v2.0/keys` : `${trimSlash(issuer)}/jwks`;
  const idpOrigin = new URL(protocol === 'AAD' && entraAuthority ? entraAuthority : issuer).origin;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    environment: e.ENVIRONMENT,
    logLevel: e.LOG_LEVEL,
    logFormat: resolveLogFormat(e.LOG_FORMAT),
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    staticDir: resolve(e.STATIC_DIR),
    upstream: {
      baseUrl,
      tokenUrl: e.UPSTREAM_TOKEN_URL ?? `${baseUrl}/oauth2/v2.0/token`,
      clientId: e.UPSTREAM_CLIENT_ID,
      clientSecret,
      scope: e.UPSTREAM_SCOPE ?? `api://customs-sandbox/${e.UPSTREAM_CLIENT_ID}/.default`,
    },
    user: {
      protocol,
      issuer,
      jwksUrl: e.USER_JWKS_URL ?? defaultJwks,
      audience: e.USER_AUDIENCE,
      spaClientId: e.SPA_CLIENT_ID,
      spaScopes: e.SPA_SCOPES.split(/[\s,]+/).filter(Boolean),
      entraAuthority,
      idpOrigin,
    },
    live: {
      enabled: e.LIVE_EVENTS === 'on',
      publicUrl: e.PUBLIC_URL ? trimSlash(e.PUBLIC_URL) : e.PORT === 0 ? undefined : `http://localhost:${e.PORT}`,
      webhookSecret: e.WEBHOOK_SECRET,
      streamsPerUser: e.LIVE_STREAMS_PER_USER,
    },
    rateLimit:
      e.BFF_RATE_LIMIT === 'off' || e.BFF_RATE_LIMIT === '0'
        ? undefined
        : {
            read: bucketOf(e.BFF_RATE_LIMIT_READ, e.BFF_RATE_LIMIT_BURST_SECONDS),
            act: bucketOf(e.BFF_RATE_LIMIT_ACT, e.BFF_RATE_LIMIT_BURST_SECONDS),
            console: bucketOf(e.BFF_RATE_LIMIT_CONSOLE, e.BFF_RATE_LIMIT_BURST_SECONDS),
          },
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    alerts: { smtpUrl: e.SMTP_URL, from: e.ALERT_FROM ?? 'Customs Console <alerts@customs-console.localhost>' },
    approvals: { policy: approvalPolicy, expiryMs: e.APPROVAL_EXPIRY_HOURS * 3_600_000 },
    health: { eventSilenceMinutes: e.HEALTH_EVENT_SILENCE_MINUTES },
  };
}

export function bffConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BffConfig {
  return parseBffConfig(env);
}
