import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { createServer, type Server } from 'node:http';

export interface UserTokenInit {
  sub?: string;
  name?: string;
  roles?: string[];
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  typ?: string;
  /** Sign with another key than the published one (a forgery). */
  signWith?: CryptoKey;
  issuer?: string;
  /** Delegated scopes (`scp`); default `access_as_user`; null leaves the claim out (an app-only token). */
  scp?: string | null;
  /** The `email` claim; absent by default. */
  email?: string;
}

export interface FakeIdentityProvider {
  issuer: string;
  jwksUrl: string;
  /** An access token as the sandbox's issuer or Entra ID would issue it (RS256, typ at+jwt). */
  token(init?: UserTokenInit): Promise<string>;
  /** A token with `alg: none` and no signature. */
  unsignedToken(init?: UserTokenInit): string;
  close(): Promise<void>;
}

export const USER_AUDIENCE = 'api://customs-console';

/**
 * Stands in for the identity provider (Entra ID is the edge of the world tests cannot run): one
 * RS256 key, its JWKS and a discovery document on a loopback HTTP server.
 */
export async function startFakeIdentityProvider(): Promise<FakeIdentityProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    const body =
      req.url === '/oidc/jwks'
        ? { keys: [jwk] }
        : req.url === '/oidc/.well-known/openid-configuration'
          ? {
              issuer,
              authorization_endpoint: `${issuer}/auth`,
              token_endpoint: `${issuer}/token`,
              end_session_endpoint: `${issuer}/session/end`,
              jwks_uri: `${issuer}/jwks`,
            }
          : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  issuer = `http://localhost:${port}/oidc`;

  const claimsOf = (init: UserTokenInit) => ({
    name: init.name ?? 'Clara Clerk',
    preferred_username: init.sub ?? 'clerk',
    roles: init.roles ?? ['clerk'],
    tid: 't-acc-001',
    ...(init.email === undefined ? {} : { email: init.email }),
    ...(init.scp === null ? {} : { scp: init.scp ?? 'access_as_user' }),
  });
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    async token(init = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claimsOf(init))
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: init.typ ?? 'at+jwt' })
        .setIssuer(init.issuer ?? issuer)
        .setSubject(init.sub ?? 'clerk')
        .setAudience(init.audience ?? USER_AUDIENCE)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + (init.expiresIn ?? 600))
        .sign(init.signWith ?? privateKey);
    },
    unsignedToken(init = {}) {
      const now = Math.floor(Date.now() / 1000);
      const enc = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
      const payload = {
        ...claimsOf(init),
        iss: issuer,
        sub: init.sub ?? 'clerk',
        aud: init.audience ?? USER_AUDIENCE,
        iat: now,
        exp: now + 600,
      };
      return `${enc({ alg: 'none', typ: 'at+jwt' })}.${enc(payload)}.`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
