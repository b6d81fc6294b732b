import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sendProblem } from '../plugins/problem.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Customs Console: not built</title></head>
<body><main><h1>The console is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.
For development with hot reload use <code>npm run dev</code>.</p></main></body></html>
`;

/** Paths the SPA router owns: GET, outside /api, and no file extension in the last segment. */
const isAppRoute = (method: string, path: string): boolean =>
  (method === 'GET' || method === 'HEAD') && !path.startsWith('/api/') && path !== '/api' && !/\.[^/]*$/.test(path);

/**
 * Serves the built SPA: hashed files under /assets/ cached for a year, everything else (index.html,
 * redirect.html, ...) revalidated on each use; deep links fall back to index.html. The build writes
 * brotli and gzip copies beside each text file; the one the request accepts is sent (with
 * `Vary: accept-encoding`), the plain file otherwise.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      dotfiles: 'deny',
      setHeaders: (reply, filePath) => {
        const relative = filePath.slice(staticDir.length).replaceAll('\\', '/');
        reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!isAppRoute(request.method, path))
      return sendProblem(request, reply, bffProblem(404, text('route.noResource', { method: request.method, path })));
    if (!built) return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
