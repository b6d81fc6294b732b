import type { FastifyInstance } from 'fastify';

/** MSAL's redirect bridge (a second Vite entry); the only page that may be framed, and only by the console. */
export const REDIRECT_BRIDGE_PATH = '/redirect.html';

/**
 * The console's Content-Security-Policy: same origin only, plus the identity provider for MSAL.
 * `frameable` is for MSAL's redirect bridge page, which the silent-renewal iframe loads on our
 * own origin after the identity provider redirects back: it may be framed by the console itself.
 */
export function contentSecurityPolicy(idpOrigin: string, frameable = false): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${idpOrigin}`,
    // MSAL's silent renewal runs in a hidden iframe: identity provider, then our redirect bridge.
    `frame-src 'self' ${idpOrigin}`,
    frameable ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self' ${idpOrigin}`,
    "object-src 'none'",
  ].join('; ');
}

/** HSTS for a console served over https (a year, subdomains: the console's host is TLS-only once it is). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  idpOrigin: string;
  /** Send Strict-Transport-Security: the public URL is https. */
  hsts: boolean;
}

/** The headers every response carries, for a page that may not be framed (also used where Fastify is not involved: parser-level errors). */
export function securityHeaders({ idpOrigin, hsts }: SecurityHeaderOptions, frameable = false): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(idpOrigin, frameable),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': frameable ? 'SAMEORIGIN' : 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(hsts ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * The console's hashed scripts and stylesheets: a browser applies CSP, X-Frame-Options and COOP only
 * to documents (and workers), so on these they would only cost bytes on every first-screen file
 * (about 0.5 KB each). They keep what does apply to them: nosniff, Referrer-Policy (fetches a
 * stylesheet makes) and HSTS. Anything else under /assets (an SVG is a document) keeps the full set.
 */
const SUBRESOURCE_TYPES = /^(?:text\/css|text\/javascript|application\/javascript)\b/;
const isBuiltSubresource = (path: string, statusCode: number, contentType: unknown): boolean =>
  path.startsWith('/assets/') && statusCode < 400 && typeof contentType === 'string' && SUBRESOURCE_TYPES.test(contentType);

/** API answers hold tenant data and problems are per request: neither belongs in a browser or proxy cache. */
const isNotForCaches = (url: string, contentType: unknown): boolean =>
  typeof contentType === 'string' && (contentType.includes('problem+json') || (url.startsWith('/api/') && contentType.includes('json')));

/** Security headers on every response (those that apply to it), error documents included; `Cache-Control: no-store` on API JSON and problem documents. */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  const bridgeHeaders = securityHeaders(options, true);
  const subresourceHeaders = Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'].includes(name),
    ),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (isBuiltSubresource(path, reply.statusCode, reply.getHeader('content-type'))) reply.headers(subresourceHeaders);
    else reply.headers(path === REDIRECT_BRIDGE_PATH ? bridgeHeaders : headers);
    reply.header('x-request-id', request.id);
    if (isNotForCaches(path, reply.getHeader('content-type'))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
