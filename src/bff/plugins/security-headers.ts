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

/** Security headers on every response, error documents included. */
export function installSecurityHeaders(app: FastifyInstance, idpOrigin: string): void {
  const csp = contentSecurityPolicy(idpOrigin);
  const bridgeCsp = contentSecurityPolicy(idpOrigin, true);
  app.addHook('onSend', async (request, reply, payload) => {
    const bridge = request.url.split('?')[0] === REDIRECT_BRIDGE_PATH;
    reply.header('content-security-policy', bridge ? bridgeCsp : csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', bridge ? 'SAMEORIGIN' : 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('x-request-id', request.id);
    return payload;
  });
}
