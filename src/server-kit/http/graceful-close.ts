import type { FastifyInstance } from 'fastify';

/** How long a shutdown waits for requests in flight before it ends their connections. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * A connection that never sent a request (a load balancer's or a client pool's spare one) does
 * not count as idle to Node, so a close would wait for its headers timeout (60 s): requests in
 * flight get a grace period, then every connection is ended.
 */
export function endConnectionsAfterGrace(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): void {
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), graceMs).unref();
  });
}
