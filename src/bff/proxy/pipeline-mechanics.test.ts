import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/user-claims.js';
import { auditListSchema } from '../../contract/audit.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/**
 * Proxy mechanics the sandbox cannot show yet (202 acknowledgements, 307 attachment redirects,
 * large images): a minimal stand-in for the service at the edge, speaking plain HTTP.
 */
interface StubCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let stub: Server;
let stubUrl: string;
const calls: StubCall[] = [];
let tokenCount = 0;
const gates = new Map<string, { reached: () => void; release: Promise<void> }>();
let bff: RunningBff;
/** The slow call the browser gives up on: reached by the stub, then closed by the BFF. */
const slow = { reached: deferred(), closedEarly: deferred() };

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function readBody(req: IncomingMessage, onFirstChunk?: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    if (chunks.length === 0) onFirstChunk?.();
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  stub = createServer((req, res) => {
    void (async () => {
      const url = req.url ?? '';
      const gate = gates.get(url);
      const body = await readBody(req, gate?.reached);
      calls.push({ method: req.method ?? '', url, headers: req.headers, body });
      const json = (status: number, value: unknown, extra: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json', ...extra }).end(JSON.stringify(value));
      };
      if (url === '/oauth2/v2.0/token')
        return json(200, { token_type: 'Bearer', expires_in: 3600, access_token: `stub-token-${++tokenCount}` });
      if (url === '/v1/formulas') {
        const attempts = calls.filter((c) => c.url === url).length;
        if (attempts % 2 === 1) return json(401, { status: 401 });
        return json(202, { referenceId: '6f1c2a1e-0000-4000-8000-000000000001' });
      }
      if (url === '/v1/declarations/D-1/attachments/A-1') {
        res.writeHead(307, { location: 'https://downloads.example/d/D-1/A-1.pdf?sig=abc' }).end();
        return;
      }
      if (url === '/v1/classifications/items/I-1/images/IMG-1') {
        res.writeHead(200, {
          'content-type': 'image/png',
          'set-cookie': 'tracking=1',
          'x-upstream-note': 'kept',
          connection: 'keep-alive',
        });
        res.write(Buffer.alloc(1024, 1));
        await gates.get('response-gate')?.release;
        res.end(Buffer.alloc(1024, 2));
        return;
      }
      if (url === '/v1/declarations/D-SLOW') {
        res.once('close', () => {
          if (!res.writableFinished) slow.closedEarly.resolve();
        });
        slow.reached.resolve();
        return;
      }
      if (url.startsWith('/v1/declarations/search?limit=')) {
        const rows = Number(new URL(url, 'http://stub').searchParams.get('limit'));
        const page = JSON.stringify(
          Array.from({ length: rows }, (_, i) => ({ declarationId: `D-${i}`, lrn: `LRN-${String(i).padStart(6, '0')}` })),
        );
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(page)) }).end(page);
        return;
      }
      if (url === '/v1/classifications/items/I-1/images') return json(201, { imageId: 'IMG-2', size: body.length });
      if (url === '/v1/classifications/items/I-2/images') return json(401, { status: 401 });
      if (url === '/v1/classifications/items/I-1' && req.method === 'DELETE') {
        res.writeHead(204).end();
        return;
      }
      json(404, { status: 404 });
    })();
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const address = stub.address();
  stubUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  bff = await startBff(
    { UPSTREAM_BASE_URL: stubUrl, UPSTREAM_CLIENT_SECRET: 'stub-secret' },
    {
      verifyUserToken: async (token) => ({
        sub: token,
        name: `User ${token}`,
        roles: [token === 'analyst' ? 'analyst' : 'clerk'] satisfies Role[],
        tenantId: 't',
      }),
    },
  );
});

afterAll(async () => {
  await bff.close();
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

const auth = (user: string): Record<string, string> => ({ authorization: `Bearer ${user}` });

describe('proxy mechanics', () => {
  it('stops the call to the service when the browser goes away before the answer', async () => {
    const browser = new AbortController();
    const call = fetch(`${bff.url}/api/v1/declarations/D-SLOW`, { headers: auth('clerk'), signal: browser.signal }).catch(() => undefined);
    await slow.reached.promise;
    browser.abort();
    await call;
    await slow.closedEarly.promise;
  });

  it('passes answers of every size whole, with their Content-Length (small ones are read first, large ones stream)', async () => {
    for (const rows of [1, 25, 3000]) {
      const res = await fetch(`${bff.url}/api/v1/declarations/search?limit=${rows}`, { headers: auth('clerk') });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      const parsed: unknown = JSON.parse(text);
      expect(Array.isArray(parsed) && parsed.length).toBe(rows);
    }
  });

  it('replays a small body once after a 401 with a renewed token, and audits the referenceId of the 202', async () => {
    const before = tokenCount;
    const body = JSON.stringify({ itemId: 'SKU-1', quantity: 2, formulaLines: [] });
    const res = await fetch(`${bff.url}/api/v1/formulas`, {
      method: 'POST',
      headers: { ...auth('clerk'), 'content-type': 'application/json', cookie: 'a=b' },
      body,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ referenceId: '6f1c2a1e-0000-4000-8000-000000000001' });
    const sent = calls.filter((c) => c.url === '/v1/formulas');
    expect(sent.map((c) => c.body.toString())).toEqual([body, body]);
    expect(sent[0]?.headers.authorization).not.toBe(sent[1]?.headers.authorization);
    expect(sent[1]?.headers.cookie).toBeUndefined();
    expect(sent[1]?.headers['content-type']).toBe('application/json');
    expect(tokenCount).toBe(before === 0 ? 2 : before + 1);
    const audit = await fetch(`${bff.url}/api/audit?path=/v1/formulas`, { headers: auth('clerk') });
    const { entries } = auditListSchema.parse(await audit.json());
    expect(entries[0]).toMatchObject({
      sub: 'clerk',
      role: 'clerk',
      upstreamStatus: 202,
      referenceId: '6f1c2a1e-0000-4000-8000-000000000001',
    });
  });

  it('passes a 307 attachment redirect through without following it', async () => {
    const res = await fetch(`${bff.url}/api/v1/declarations/D-1/attachments/A-1`, { headers: auth('clerk'), redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://downloads.example/d/D-1/A-1.pdf?sig=abc');
  });

  it('streams response bodies (the first bytes arrive before the service has sent the rest) and drops set-cookie', async () => {
    const gate = deferred();
    gates.set('response-gate', { reached: () => undefined, release: gate.promise });
    const res = await fetch(`${bff.url}/api/v1/classifications/items/I-1/images/IMG-1`, { headers: auth('analyst') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-upstream-note')).toBe('kept');
    expect(res.headers.get('set-cookie')).toBeNull();
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(first?.value?.[0]).toBe(1);
    gate.resolve();
    let total = first?.value?.length ?? 0;
    for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) total += r.value.length;
    expect(total).toBe(2048);
  });

  it('streams large request bodies (the service sees the first bytes before the browser has sent the rest)', async () => {
    const reached = deferred();
    gates.set('/v1/classifications/items/I-1/images', { reached: reached.resolve, release: Promise.resolve() });
    const chunk = Buffer.alloc(512 * 1024, 7);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 1) await reached.promise; // only continue once the service got the first chunk
        if (sent === 2) return controller.close();
        sent++;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    // A streamed request body needs duplex: 'half' (Node's fetch; not in the DOM RequestInit type).
    const init = {
      method: 'POST',
      headers: { ...auth('analyst'), 'content-type': 'image/png', 'content-disposition': 'attachment; filename="a.png"' },
      body: stream,
      duplex: 'half',
    };
    const res = await fetch(`${bff.url}/api/v1/classifications/items/I-1/images`, init);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ size: chunk.length * 2 });
    const call = calls.find((c) => c.url === '/v1/classifications/items/I-1/images');
    expect(call?.headers['content-disposition']).toBe('attachment; filename="a.png"');
  });

  it('does not replay a streamed body after a 401: the browser gets 502 and the service saw one call', async () => {
    const res = await fetch(`${bff.url}/api/v1/classifications/items/I-2/images`, {
      method: 'POST',
      headers: { ...auth('analyst'), 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(300 * 1024, 3),
    });
    expect(res.status).toBe(502);
    expect(calls.filter((c) => c.url === '/v1/classifications/items/I-2/images')).toHaveLength(1);
  });

  it('passes 204 through without a body', async () => {
    const res = await fetch(`${bff.url}/api/v1/classifications/items/I-1`, { method: 'DELETE', headers: auth('analyst') });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});
