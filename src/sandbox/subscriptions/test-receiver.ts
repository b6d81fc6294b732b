import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request a test receiver got. */
export interface ReceivedRequest {
  /** performance.now() when the request was complete. */
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  text: string;
}

/** What to answer: a status (default 200) and JSON body, after delayMs; hang leaves the request open. */
export interface ReceiverAnswer {
  status?: number;
  json?: unknown;
  delayMs?: number;
  hang?: boolean;
}

export type Respond = (request: ReceivedRequest, index: number) => ReceiverAnswer;

export interface Receiver {
  /** http://127.0.0.1:<port> */
  url: string;
  received: ReceivedRequest[];
  /** Resolves with the first n requests, or rejects after timeoutMs. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A tiny HTTP receiver (webhook endpoint, token endpoint) on 127.0.0.1 and a free port, for tests. */
export async function startReceiver(respond: Respond = () => ({})): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: ReceivedRequest = {
        at: performance.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        text: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const answer = respond(request, received.length - 1);
      if (answer.hang) {
        hanging.add(res);
        return;
      }
      const send = (): void => {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(n, timeoutMs = 5_000) {
      const until = performance.now() + timeoutMs;
      while (received.length < n) {
        if (performance.now() > until) throw new Error(`receiver got ${received.length} of ${n} requests within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received.slice(0, n);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
