import type { FastifyInstance } from 'fastify';
import { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import { leaveBodiesUnread } from '../../../server-kit/http/body-parsers.js';
import { OIDC_MOUNT } from './console-client.js';

/** Largest token request we rewrite; oidc-provider itself refuses bodies above 56 KiB. */
const MAX_TOKEN_BODY = 56 * 1024;

/**
 * MSAL re-sends offline_access when it redeems a refresh token, which the provider refuses as
 * invalid_scope (the refresh token never held it). Hand the provider a copy of the request with
 * that scope removed.
 */
async function stripOfflineAccessOnRefresh(raw: IncomingMessage): Promise<IncomingMessage> {
  const length = Number(raw.headers['content-length'] ?? NaN);
  if (!raw.headers['content-type']?.startsWith('application/x-www-form-urlencoded') || !(length <= MAX_TOKEN_BODY)) return raw;
  const chunks: Buffer[] = [];
  for await (const chunk of raw) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const scope = form.get('scope');
  if (form.get('grant_type') === 'refresh_token' && scope !== null) {
    const rest = scope.split(' ').filter((s) => s && s !== 'offline_access');
    if (rest.length) form.set('scope', rest.join(' '));
    else form.delete('scope');
  }
  const body = Buffer.from(form.toString(), 'utf8');
  const replay = new IncomingMessage(raw.socket);
  replay.method = raw.method;
  replay.url = raw.url;
  replay.httpVersion = raw.httpVersion;
  replay.httpVersionMajor = raw.httpVersionMajor;
  replay.httpVersionMinor = raw.httpVersionMinor;
  replay.headers = { ...raw.headers, 'content-length': String(body.length) };
  // complete: otherwise destroying the finished copy would destroy the shared socket as an aborted request.
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return replay;
}

/**
 * Serves the provider under /oidc/* with its default routes. An encapsulated plugin without
 * body parsers leaves the request stream unread for the provider, which parses its own bodies;
 * the URL is rewritten as a mount does (originalUrl keeps the full path for the provider's links).
 */
export async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const handle = provider.callback();
  await app.register(async (scope) => {
    leaveBodiesUnread(scope);
    scope.all(`${OIDC_MOUNT}/*`, async (request, reply) => {
      reply.hijack();
      const fullUrl = request.raw.url ?? '/';
      const path = fullUrl.slice(OIDC_MOUNT.length) || '/';
      let raw = request.raw;
      if (request.method === 'POST' && path.split('?')[0] === '/token') raw = await stripOfflineAccessOnRefresh(raw);
      Object.assign(raw, { originalUrl: fullUrl, url: path });
      await handle(raw, reply.raw);
    });
  });
}
