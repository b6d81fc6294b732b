import type { ServerOptions } from 'node:http';
import { z } from 'zod';

/**
 * How long each server's HTTP connections may take. Without them Node waits for ever for a body
 * that trickles in a byte at a time (slowloris): a handful of such connections pins the server.
 */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this; else 408 and the connection is closed. */
  requestTimeoutMs: number;
  /** A connection on which nothing moves either way for this long is closed (above the live streams' heartbeat). */
  idleTimeoutMs: number;
  /** A kept-alive connection waiting for its next request is closed after this (above a load balancer's usual 60 s). */
  keepAliveTimeoutMs: number;
}

/** 60 s carries the largest body either server takes (10 MB) at under 2 Mbit/s, and still ends a trickled one long before minutes pass. */
export const HTTP_TIMEOUT_DEFAULTS: Readonly<HttpTimeouts> = {
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
};

/** A timeout setting in milliseconds (from 1 ms, for tests, to an hour). */
export const timeoutMsSetting = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

/** Node checks for requests past their timeout only this often: a fraction of the timeout, at most every second. */
const checkEveryMs = (requestTimeoutMs: number): number => Math.max(10, Math.min(1_000, Math.floor(requestTimeoutMs / 4)));

/** The Fastify (Node http server) options that enforce `t`. */
export function httpTimeoutOptions(t: HttpTimeouts): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: t.requestTimeoutMs,
    connectionTimeout: t.idleTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    http: {
      requestTimeout: t.requestTimeoutMs,
      headersTimeout: t.requestTimeoutMs,
      connectionsCheckingInterval: checkEveryMs(t.requestTimeoutMs),
    },
  };
}
