import { createServer, request as httpRequest, type Server } from 'node:http';

export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  cookie: string | undefined;
}

export interface CountingProxy {
  url: string;
  /** Every request that reached the upstream, in order. */
  seen: SeenRequest[];
  count(predicate?: (r: SeenRequest) => boolean): number;
  close(): Promise<void>;
}

/** A transparent loopback proxy in front of the sandbox that records what reaches it (method, raw URL, credentials). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const t = new URL(target);
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, cookie: req.headers.cookie });
    const upstream = httpRequest(
      { hostname: t.hostname, port: t.port, path: req.url, method: req.method, headers: { ...req.headers, host: t.host } },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    count: (predicate = () => true) => seen.filter(predicate).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
