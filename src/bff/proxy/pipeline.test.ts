import Fastify, { type FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperationKey } from '../../contract/operations.js';
import { problemSchema } from '../../contract/problem.js';
import { integrationEngine } from '../../server-kit/database/test-databases.js';
import { registerBodyParsers } from '../../server-kit/http/body-parsers.js';
import { installErrorHandler } from '../../server-kit/http/error-handler.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { BFF_PROBLEMS } from '../plugins/problem.js';
import { installUserAuth } from '../plugins/user-auth.js';
import type { AuditEntry } from '../../contract/audit.js';
import type { BffStore } from '../store/bff-store.js';
import { openTestStore } from '../test-support/test-store.js';
import { TokenCache } from '../upstream/token-cache.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { auditExtension } from './extensions/audit.js';
import { registerApiProxy } from './pipeline.js';
import { ProxyAnswer, type ProxyCall, type ProxyExtension, type ProxyOutcome } from './proxy-extension.js';

/**
 * The pipeline on its own: a plain HTTP stand-in for the service, the real audit log on the
 * integration engine's database, and extensions written for the test that note what they see.
 */
type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

let service: Server;
let serviceUrl: string;
let app: FastifyInstance;
let store: BffStore;
let dataDir: string;
const answers = new Map<string, Handler>();
const received: string[] = [];
const seen: { extension: string; step: 'before' | 'after'; operation: OperationKey; outcome?: ProxyOutcome; body?: string }[] = [];
/** What the next call's guard does in its `before`: refuse it, or keep it and answer itself (a call held for approval). */
let guardRefuses = false;
let guardHolds = false;

const FORMULAS: OperationKey = 'POST /v1/formulas';

function noting(name: string, appliesTo: ProxyExtension['appliesTo'], extra: Partial<ProxyExtension> = {}): ProxyExtension {
  const bodyOf = (call: ProxyCall) => (Buffer.isBuffer(call.body) ? call.body.toString('utf8') : undefined);
  return {
    name,
    appliesTo,
    async before(call) {
      seen.push({ extension: name, step: 'before', operation: call.operation, body: bodyOf(call) });
    },
    async after(call, outcome) {
      seen.push({ extension: name, step: 'after', operation: call.operation, outcome });
    },
    ...extra,
  };
}

const guard: ProxyExtension = noting('guard', [FORMULAS], {
  async before(call) {
    seen.push({ extension: 'guard', step: 'before', operation: call.operation });
    if (guardRefuses) throw new ProblemError({ status: 409, detail: 'Refused by the guard.' });
    if (guardHolds) throw new ProxyAnswer(202, { approvalRequestId: 'AR-1' });
  },
});

beforeAll(async () => {
  service = createServer((req, res) => {
    void (async () => {
      const url = req.url ?? '';
      if (url === '/oauth2/v2.0/token') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ token_type: 'Bearer', expires_in: 3600, access_token: 'stub' }));
        return;
      }
      for await (const chunk of req) void chunk;
      received.push(`${req.method} ${url}`);
      const answer = answers.get(`${req.method} ${url}`);
      if (answer) return answer(req, res);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404}');
    })();
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const address = service.address();
  serviceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ({ store, dataDir } = await openTestStore(integrationEngine()));
  const tokens = new TokenCache({ tokenUrl: `${serviceUrl}/oauth2/v2.0/token`, clientId: 'c', clientSecret: 's', scope: 'x' });
  const upstream = new UpstreamClient(serviceUrl, tokens);
  app = Fastify();
  installErrorHandler(app, BFF_PROBLEMS);
  registerBodyParsers(app);
  installUserAuth(app, async (token) => ({ sub: token, name: `User ${token}`, roles: ['clerk'], tenantId: 't' }));
  await registerApiProxy(app, {
    upstream,
    extensions: [
      guard,
      noting('formulas only', [FORMULAS], { bodyBytes: 1024 }),
      noting('declaration writes', (operation) => operation.startsWith('PATCH /v1/declarations/')),
      auditExtension(store.repos.auditLog),
    ],
  });
  app.addHook('onClose', async () => upstream.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
  service.closeAllConnections();
  await new Promise<void>((resolve) => service.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  received.length = 0;
  guardRefuses = false;
  guardHolds = false;
});

async function call(method: string, path: string, body?: string): Promise<Response> {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: { authorization: 'Bearer clerk', ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
}

const auditOf = async (path: string): Promise<AuditEntry[]> => store.repos.auditLog.list(path, 10);
const steps = () => seen.map((s) => `${s.extension} ${s.step}`);

describe('the proxy pipeline', () => {
  it('a refusing before answers with its problem, forwards nothing, and every applicable after (the audit too) learns it was refused', async () => {
    guardRefuses = true;
    const res = await call('POST', '/v1/formulas', '{"itemId":"SKU-1"}');
    expect(res.status).toBe(409);
    expect(problemSchema.parse(await res.json()).detail).toBe('Refused by the guard.');
    expect(received).toEqual([]);
    // The later extensions' before did not run; after runs for all, the last listed first.
    expect(steps()).toEqual(['guard before', 'formulas only after', 'guard after']);
    expect(seen[1]?.outcome).toMatchObject({ upstreamStatus: null, status: 409, refused: true });
    expect(await auditOf('/v1/formulas')).toMatchObject([
      { outcome: 'refused', status: 409, upstreamStatus: null, sub: 'clerk', operation: FORMULAS },
    ]);
  });

  it('a before that answers the call itself keeps it: its body goes to the browser, nothing is forwarded, the audit says held', async () => {
    guardHolds = true;
    const res = await call('POST', '/v1/formulas', '{"itemId":"SKU-9"}');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ approvalRequestId: 'AR-1' });
    expect(received).toEqual([]);
    expect(steps()).toEqual(['guard before', 'formulas only after', 'guard after']);
    expect(seen[1]?.outcome).toMatchObject({ upstreamStatus: null, status: 202, refused: false, held: true });
    expect((await auditOf('/v1/formulas'))[0]).toMatchObject({ outcome: 'held', status: 202, upstreamStatus: null, sub: 'clerk' });
  });

  it('after sees the service’s status and the id of an acknowledgement; before saw the body it asked to read', async () => {
    answers.set(
      'POST /v1/formulas',
      (_req, res) => void res.writeHead(202, { 'content-type': 'application/json' }).end('{"referenceId":"REF-1"}'),
    );
    const res = await call('POST', '/v1/formulas', '{"itemId":"SKU-2"}');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ referenceId: 'REF-1' });
    expect(seen.find((s) => s.extension === 'formulas only' && s.step === 'before')?.body).toBe('{"itemId":"SKU-2"}');
    expect(seen.find((s) => s.extension === 'formulas only' && s.step === 'after')?.outcome).toMatchObject({
      upstreamStatus: 202,
      status: 202,
      refused: false,
      referenceId: 'REF-1',
    });

    answers.set(
      'POST /v1/formulas',
      (_req, res) => void res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' }).end('{"status":503}'),
    );
    const busy = await call('POST', '/v1/formulas', '{}');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(seen.filter((s) => s.step === 'after').at(-1)?.outcome).toMatchObject({ upstreamStatus: 503, status: 503, referenceId: null });
  });

  it('the audit writes the intent before the call is forwarded and completes it with the outcome after', async () => {
    let whileForwarded: AuditEntry[] = [];
    answers.set('PATCH /v1/declarations/D-1', async (_req, res) => {
      whileForwarded = await auditOf('/v1/declarations/D-1');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    expect((await call('PATCH', '/v1/declarations/D-1', '{"lrn":"X"}')).status).toBe(200);
    expect(whileForwarded).toMatchObject([{ outcome: 'pending', status: null, upstreamStatus: null }]);
    expect(await auditOf('/v1/declarations/D-1')).toMatchObject([
      { id: whileForwarded[0]?.id, outcome: 'answered', status: 200, upstreamStatus: 200 },
    ]);
    expect(steps()).toEqual(['declaration writes before', 'declaration writes after']);
  });

  it('each extension takes part only in its operations: a read passes no extension and is not audited', async () => {
    answers.set(
      'GET /v1/declarations/D-2',
      (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"declarationId":"D-2"}'),
    );
    expect(await (await call('GET', '/v1/declarations/D-2')).json()).toEqual({ declarationId: 'D-2' });
    expect(seen).toEqual([]);
    expect(await auditOf('/v1/declarations/D-2')).toEqual([]);
    // An operation off the allow-list never reaches the pipeline's checks.
    expect((await call('POST', '/v1/unknown', '{}')).status).toBe(404);
    expect(received).toEqual(['GET /v1/declarations/D-2']);
  });

  it('the service unreachable: a 502 for the browser, after sees no status, the audit says unreachable', async () => {
    answers.set('PATCH /v1/declarations/D-3', (req) => void req.socket.destroy());
    const res = await call('PATCH', '/v1/declarations/D-3', '{}');
    expect(res.status).toBe(502);
    expect(seen.find((s) => s.step === 'after')?.outcome).toMatchObject({ upstreamStatus: null, status: 502, refused: false });
    expect(await auditOf('/v1/declarations/D-3')).toMatchObject([{ outcome: 'unreachable', status: 502, upstreamStatus: null }]);
  });
});
