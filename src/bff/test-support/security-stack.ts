import { auditListSchema, type AuditEntry } from '../../contract/audit.js';
import { problemSchema, type Problem } from '../../contract/problem.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider, type UserTokenInit } from './fake-identity-provider.js';
import { startBff, type RunningBff, type StartBffOptions } from './start-bff.js';

/** What a test reads back from one call. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** The real sandbox (no demo data), the test identity provider and a BFF in front: the stack the hole probes run against. */
export interface SecurityStack {
  sandbox: RunningSandbox;
  idp: FakeIdentityProvider;
  bff: RunningBff;
  token(init?: UserTokenInit): Promise<string>;
  /** A call to the BFF with a user token (none when undefined). */
  api(path: string, init?: RequestInit & { token?: string | undefined }): Promise<Answer>;
  /** The audit log as GET /api/audit shows it, newest first. */
  audit(pathPrefix?: string): Promise<AuditEntry[]>;
  /**
   * The one place that calls the sandbox's controls (`/_sandbox/*`): an admin token is being added
   * to them; it goes here.
   */
  sandboxControl(path: string, init?: RequestInit): Promise<Response>;
  /** The BFF env the stack was started with (to start another BFF beside it). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export const problemOf = (answer: Answer): Problem => problemSchema.parse(JSON.parse(answer.text));

export async function startSecurityStack(extraEnv: Record<string, string> = {}, options: StartBffOptions = {}): Promise<SecurityStack> {
  const [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  const env = (): Record<string, string> => ({
    UPSTREAM_BASE_URL: sandbox.url,
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
    ...extraEnv,
  });
  const bff = await startBff(env(), options);
  const api: SecurityStack['api'] = async (path, init = {}) => {
    const { token, headers, ...rest } = init;
    const h = new Headers(headers);
    if (token) h.set('authorization', `Bearer ${token}`);
    const res = await fetch(`${bff.url}${path}`, { ...rest, headers: h });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return {
    sandbox,
    idp,
    bff,
    token: (init) => idp.token(init),
    api,
    async audit(pathPrefix = '') {
      const res = await api(`/api/audit?path=${encodeURIComponent(pathPrefix)}&limit=500`, {
        token: await idp.token({ roles: ['supervisor'] }),
      });
      return auditListSchema.parse(JSON.parse(res.text)).entries;
    },
    sandboxControl: (path, init = {}) => sandbox.control(path, init),
    env,
    async close() {
      await bff.close();
      await idp.close();
      await sandbox.close();
    },
  };
}
