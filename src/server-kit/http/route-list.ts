import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  /** What the route takes besides JSON (`config.bodyTypes`). */
  bodyTypes: readonly (string | RegExp)[];
}

/**
 * Every route registered on `app` from now on, as it is registered (one entry per method), so
 * tests can walk all of them and a new route cannot be forgotten.
 */
export function listRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, bodyTypes: route.config?.bodyTypes ?? [] });
  });
  return routes;
}
